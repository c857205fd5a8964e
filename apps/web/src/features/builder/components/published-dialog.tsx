import ChatOutlined from '@mui/icons-material/ChatOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import type { PublishResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * After publishing: where the new version now runs, as the server answered it. A bot on no
 * website yet is told so, with the way to put it on one, never that web chat runs it.
 */
export function PublishedDialog({
  botId,
  published,
  open,
  onClose,
}: {
  botId: string;
  published: PublishResponse | undefined;
  open: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('builder');
  const deployments = published?.deployments ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const settings = `/v2/lite/bots/${botId}/settings`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="published"
      aria-describedby="published-where"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="published">
        {t('publish.doneTitle', { version: published?.version.version ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="published-where">
          {deployments.length > 0
            ? t('publish.runsOn', { count: deployments.length })
            : t('publish.runsNowhere')}
        </DialogContentText>
        {deployments.length > 0 && (
          <List dense disablePadding sx={{ mt: 1 }} aria-label={t('publish.deployments')}>
            {deployments.map((deployment) => (
              <ListItem key={deployment.id} disableGutters data-deployment={deployment.key}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <ChatOutlined color="primary" fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={t('publish.webchatDeployment')}
                  secondary={t('publish.deploymentDetail', {
                    key: deployment.key,
                    date: date.format(new Date(deployment.created_at)),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {deployments.length === 0 ? (
          <>
            <Button onClick={onClose}>{t('publish.close')}</Button>
            <Button variant="contained" component={RouterLink} to={settings}>
              {t('publish.addWebchat')}
            </Button>
          </>
        ) : (
          <>
            <Button component={RouterLink} to={settings}>
              {t('publish.webchatSettings')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('publish.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
