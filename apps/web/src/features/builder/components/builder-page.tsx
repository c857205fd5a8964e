import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { BotDetail } from '@parley/contracts';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useStore } from 'zustand';
import { builderBotQuery, builderKeys } from '../api/builder-api';
import { startAutosave } from '../model/autosave';
import { type BuilderStore, createBuilderStore } from '../model/builder-store';
import { CommandButtons, useCommandShortcuts } from './command-buttons';
import { FlowCanvas } from './flow-canvas';

function SaveState({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const save = useStore(store, (state) => state.save);
  const pending = useStore(store, (state) => state.edits !== state.savedEdits);
  const look =
    save.state === 'saving'
      ? { icon: <SyncRounded />, label: t('save.saving'), color: 'default' as const }
      : save.state === 'error'
        ? { icon: <CloudOffRounded />, label: t('save.retrying'), color: 'warning' as const }
        : save.state === 'conflict'
          ? { icon: <WarningAmberRounded />, label: t('save.conflict'), color: 'error' as const }
          : pending
            ? { icon: <SyncRounded />, label: t('save.unsaved'), color: 'default' as const }
            : { icon: <CheckCircleOutlineRounded />, label: t('save.saved'), color: 'success' as const };
  return (
    <Tooltip title={'message' in save ? save.message : ''}>
      <Chip
        icon={look.icon}
        label={look.label}
        color={look.color}
        variant="outlined"
        size="small"
        role="status"
        aria-live="polite"
        data-save-state={pending && save.state === 'saved' ? 'unsaved' : save.state}
      />
    </Tooltip>
  );
}

function ConflictDialog({ store, onReload }: { store: BuilderStore; onReload: () => void }) {
  const { t } = useTranslation('builder');
  const save = useStore(store, (state) => state.save);
  const [dismissed, setDismissed] = useState(false);
  const open = save.state === 'conflict' && !dismissed;
  return (
    <Dialog open={open} onClose={() => setDismissed(true)} aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{t('conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{save.state === 'conflict' ? save.message : ''}</DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>{t('conflict.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDismissed(true)}>{t('conflict.keepLooking')}</Button>
        <Button variant="contained" onClick={onReload}>
          {t('conflict.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Builder({ bot, onReload }: { bot: BotDetail; onReload: () => void }) {
  const { t } = useTranslation('builder');
  const [store] = useState(() =>
    createBuilderStore({ botId: bot.id, flow: bot.flow, revision: bot.draft_revision }),
  );
  useEffect(() => startAutosave(store), [store]);
  useCommandShortcuts(store);
  // Leaving with edits the server does not have yet asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      const state = store.getState();
      if (state.edits !== state.savedEdits) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);

  return (
    <Stack sx={{ height: '100dvh' }}>
      <Stack
        direction="row"
        spacing={1.5}
        alignItems="center"
        sx={{
          px: 2,
          height: 56,
          borderBottom: '1px solid',
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <IconButton component={RouterLink} to="/v2" aria-label={t('back')}>
          <ArrowBackRounded />
        </IconButton>
        <Typography variant="h4" component="h1" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {bot.name}
        </Typography>
        <CommandButtons store={store} />
        <SaveState store={store} />
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, bgcolor: '#f8fafc' }} aria-label={t('canvas')} role="application">
        <ReactFlowProvider>
          <FlowCanvas store={store} />
        </ReactFlowProvider>
      </Box>
      <ConflictDialog store={store} onReload={onReload} />
    </Stack>
  );
}

/** `/bots/list/{id}`: the bot builder's canvas. */
export function BuilderPage() {
  const { botId = '' } = useParams();
  const queryClient = useQueryClient();
  const { data: bot, dataUpdatedAt } = useSuspenseQuery(builderBotQuery(botId));
  // A reload starts a fresh document (and store) from the server's latest draft.
  return (
    <Builder
      key={dataUpdatedAt}
      bot={bot}
      onReload={() => void queryClient.refetchQueries({ queryKey: builderKeys.bot(botId) })}
    />
  );
}
