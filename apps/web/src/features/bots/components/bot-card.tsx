import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { BotSummary } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { inboxDeepLink } from '../../inbox/model/inbox-view';

/** Where a bot's pages open; the inbox keeps company and bot in the address (spec §2). */
export function botLinks(companyId: string, botId: string) {
  return {
    builder: `/bots/list/${botId}`,
    inbox: inboxDeepLink({ companyId, botId }),
    webchat: `/v2/lite/bots/${botId}/settings`,
    reports: `/v2/reports/business?${new URLSearchParams({ companyId, botId })}`,
  };
}

export function BotCard({
  bot,
  companyId,
  can,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  bot: BotSummary;
  companyId: string;
  /** What the user may do: without managing bots, no rename, duplicate, delete or web chat set-up. */
  can: { manage: boolean; viewReports: boolean };
  onEdit: (bot: BotSummary) => void;
  onDuplicate: (bot: BotSummary) => void;
  onDelete: (bot: BotSummary) => void;
}) {
  const { t, i18n } = useTranslation('bots');
  const links = botLinks(companyId, bot.id);
  const edited = new Date(bot.updated_at).toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'medium' });
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', position: 'relative' }}
      data-testid="bot-card"
    >
      <CardActionArea
        component={RouterLink}
        to={links.builder}
        sx={{ p: 2.5, flex: 1, alignItems: 'flex-start' }}
        aria-label={t('card.open', { name: bot.name })}
      >
        <Stack direction="row" spacing={1.5} alignItems="flex-start">
          <Box
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2.5,
              bgcolor: '#eef2ff',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
            }}
          >
            <SmartToyOutlined color="primary" />
          </Box>
          <Box sx={{ minWidth: 0, pr: 4 }}>
            <Typography fontWeight={650} noWrap title={bot.name}>
              {bot.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('card.edited', { date: edited })}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
          <Chip size="small" label={t(`languages.${bot.language}`)} variant="outlined" />
          <Chip
            size="small"
            label={t(`status.${bot.status}`)}
            color={bot.status === 'published' ? 'success' : 'default'}
          />
          <Chip size="small" label={t('card.modules', { count: bot.counts.modules })} variant="outlined" />
        </Stack>
      </CardActionArea>
      <Box sx={{ position: 'relative' }}>
        <Divider />
        <Stack direction="row" spacing={0.5} sx={{ px: 1, py: 0.75 }}>
          <Button size="small" startIcon={<ForumOutlined />} component={RouterLink} to={links.inbox}>
            {t('card.inbox')}
          </Button>
          {can.viewReports && (
            <Button size="small" startIcon={<InsightsOutlined />} component={RouterLink} to={links.reports}>
              {t('card.reports')}
            </Button>
          )}
          {can.manage && (
            <Button
              size="small"
              startIcon={<ChatBubbleOutlineRounded />}
              component={RouterLink}
              to={links.webchat}
            >
              {t('card.webchat')}
            </Button>
          )}
        </Stack>
      </Box>
      {can.manage && <BotMenu bot={bot} onEdit={onEdit} onDuplicate={onDuplicate} onDelete={onDelete} />}
    </Card>
  );
}

/** Rename, duplicate, delete: for people who manage bots. */
function BotMenu({
  bot,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  bot: BotSummary;
  onEdit: (bot: BotSummary) => void;
  onDuplicate: (bot: BotSummary) => void;
  onDelete: (bot: BotSummary) => void;
}) {
  const { t } = useTranslation('bots');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const close = () => setMenu(null);
  return (
    <>
      <Tooltip title={t('card.more')}>
        <IconButton
          onClick={(event) => setMenu(event.currentTarget)}
          aria-label={t('card.moreFor', { name: bot.name })}
          sx={{ position: 'absolute', top: 10, right: 10 }}
          size="small"
        >
          <MoreVertRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={menu !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onEdit(bot);
          }}
        >
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.rename')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onDuplicate(bot);
          }}
        >
          <ListItemIcon>
            <ContentCopyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.duplicate')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onDelete(bot);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteOutlineRounded fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{t('actions.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
