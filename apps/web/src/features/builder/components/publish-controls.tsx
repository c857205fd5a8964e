import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Finding } from '@parley/flow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { isApiError } from '../../../shared/api/api-error';
import { usePublishBot, versionsQuery } from '../../webchat/api/webchat';
import { useRestoreVersion } from '../api/builder-api';
import type { BuilderStore } from '../model/builder-store';
import { PublishedDialog } from './published-dialog';

function FindingList({ findings, onOpen }: { findings: Finding[]; onOpen(finding: Finding): void }) {
  return (
    <List dense disablePadding>
      {findings.map((finding, index) => (
        <ListItemButton
          // Findings have no ids; the list is rebuilt whole from each document.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          onClick={() => onOpen(finding)}
          disabled={!finding.moduleId}
          sx={{ borderRadius: 1.5, alignItems: 'flex-start' }}
        >
          <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
            {finding.severity === 'error' ? (
              <ErrorOutlineRounded color="error" fontSize="small" />
            ) : (
              <WarningAmberRounded color="warning" fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText primary={finding.message} />
        </ListItemButton>
      ))}
    </List>
  );
}

/** "N problems": the validator's findings on the draft; a click on one goes to its module. */
export function ProblemsButton({
  findings,
  onOpen,
}: {
  findings: Finding[];
  onOpen(moduleId: string): void;
}) {
  const { t } = useTranslation('builder');
  const [open, setOpen] = useState(false);
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  return (
    <>
      <Chip
        icon={errors > 0 ? <ErrorOutlineRounded /> : <WarningAmberRounded />}
        label={
          findings.length === 0
            ? t('problems.none')
            : t('problems.count', { count: findings.length, errors, warnings })
        }
        color={errors > 0 ? 'error' : warnings > 0 ? 'warning' : 'default'}
        variant="outlined"
        size="small"
        onClick={() => setOpen(true)}
        disabled={findings.length === 0}
        data-problems={findings.length}
      />
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 380, p: 2 }} role="region" aria-label={t('problems.title')}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('problems.title')}
          </Typography>
          <FindingList
            findings={findings}
            onOpen={(finding) => {
              setOpen(false);
              if (finding.moduleId) onOpen(finding.moduleId);
            }}
          />
        </Box>
      </Drawer>
    </>
  );
}

/**
 * Publish: freezes the saved draft as the next version. Refused (with the list) while the flow has
 * errors, and waits for the draft to be saved so what is published is what is on screen.
 */
export function PublishButton({
  store,
  findings,
  onOpen,
}: {
  store: BuilderStore;
  findings: Finding[];
  onOpen(moduleId: string): void;
}) {
  const { t } = useTranslation('builder');
  const botId = useStore(store, (state) => state.botId);
  const saved = useStore(store, (state) => state.edits === state.savedEdits && state.save.state === 'saved');
  const publish = usePublishBot(botId);
  const [dialog, setDialog] = useState<'blocked' | 'published' | null>(null);
  const errors = findings.filter((finding) => finding.severity === 'error');
  return (
    <>
      <Tooltip title={saved ? '' : t('publish.waitForSave')}>
        <span>
          <Button
            variant="contained"
            startIcon={
              publish.isPending ? <CircularProgress size={16} color="inherit" /> : <RocketLaunchOutlined />
            }
            disabled={!saved || publish.isPending}
            onClick={() => {
              if (errors.length > 0) setDialog('blocked');
              else publish.mutate(undefined, { onSuccess: () => setDialog('published') });
            }}
          >
            {t('publish.action')}
          </Button>
        </span>
      </Tooltip>
      <Dialog
        open={dialog === 'blocked'}
        onClose={() => setDialog(null)}
        aria-labelledby="publish-blocked"
        fullWidth
      >
        <DialogTitle id="publish-blocked">{t('publish.blockedTitle', { count: errors.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('publish.blockedBody')}</DialogContentText>
          <FindingList
            findings={errors}
            onOpen={(finding) => {
              setDialog(null);
              if (finding.moduleId) onOpen(finding.moduleId);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('publish.close')}</Button>
        </DialogActions>
      </Dialog>
      <PublishedDialog
        botId={botId}
        published={publish.data}
        open={dialog === 'published'}
        onClose={() => setDialog(null)}
      />
      {publish.error && (
        <Alert severity="error" sx={{ py: 0 }} onClose={() => publish.reset()}>
          {isApiError(publish.error) ? publish.error.message : t('publish.failed')}
        </Alert>
      )}
    </>
  );
}

/**
 * Published versions, newest first; any of them can become the draft again, after saying what that
 * replaces: the server keeps no copy of the draft it overwrites.
 */
export function VersionsButton({ store, onRestored }: { store: BuilderStore; onRestored(): void }) {
  const { t, i18n } = useTranslation('builder');
  const botId = useStore(store, (state) => state.botId);
  const [open, setOpen] = useState(false);
  // The version asked about stays while the question closes, so its text does not change as it fades.
  const [restoring, setRestoring] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const versions = useQuery({ ...versionsQuery(botId), enabled: open });
  const restore = useRestoreVersion(botId);
  const draftModules = useStore(store, (state) => state.flow.modules.length);
  const chosen = versions.data?.find((version) => version.version === restoring);
  const formatter = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Tooltip title={t('versions.title')}>
        <IconButton aria-label={t('versions.title')} onClick={() => setOpen(true)}>
          <HistoryRounded />
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Stack sx={{ width: 360, p: 2 }} spacing={1} role="region" aria-label={t('versions.title')}>
          <Typography variant="h5" component="h2">
            {t('versions.title')}
          </Typography>
          {versions.isPending && <CircularProgress size={24} />}
          {versions.data?.length === 0 && (
            <Typography color="text.secondary">{t('versions.none')}</Typography>
          )}
          {versions.data?.map((version) => (
            <Stack
              key={version.version}
              direction="row"
              alignItems="center"
              spacing={1}
              sx={{ p: 1.25, border: '1px solid', borderColor: 'divider', borderRadius: 2 }}
            >
              <Box sx={{ flex: 1 }}>
                <Typography fontWeight={650}>
                  {t('versions.version', { version: version.version })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatter.format(new Date(version.created_at))} ·{' '}
                  {t('versions.modules', { count: version.modules })}
                </Typography>
              </Box>
              <Button
                size="small"
                onClick={() => {
                  setRestoring(version.version);
                  setConfirming(true);
                }}
              >
                {t('versions.restore')}
              </Button>
            </Stack>
          ))}
        </Stack>
      </Drawer>
      <Dialog
        open={confirming && chosen !== undefined}
        onClose={() => setConfirming(false)}
        aria-labelledby="restore-title"
        aria-describedby="restore-body"
      >
        <DialogTitle id="restore-title">
          {t('versions.restoreTitle', { version: restoring ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="restore-body">
            {t('versions.restoreBody', {
              version: restoring ?? '',
              draft: t('versions.modules', { count: draftModules }),
              restored: t('versions.modules', { count: chosen?.modules ?? 0 }),
            })}
          </DialogContentText>
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {t('versions.restoreLoses')}
          </Alert>
          {restore.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {isApiError(restore.error) ? restore.error.message : t('publish.failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('versions.cancel')}</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={restore.isPending}
            onClick={() =>
              restoring !== null &&
              restore.mutate(restoring, {
                onSuccess: () => {
                  setConfirming(false);
                  setOpen(false);
                  onRestored();
                },
              })
            }
          >
            {t('versions.restoreConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
