import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import {
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { AgentSummary } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmRemoval } from '../../../shared/ui/confirm-dialog';
import { PageContainer } from '../../../shared/ui/page-container';
import { agentListQuery, useCreateAgent, useDeleteAgent, useDuplicateAgent } from '../api/agents';
import { AgentsTabs } from './agents-tabs';

function AgentRow({ agent, onDelete }: { agent: AgentSummary; onDelete: () => void }) {
  const { t, i18n } = useTranslation('agents');
  const duplicate = useDuplicateAgent();
  const { enqueueSnackbar } = useSnackbar();
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(agent.updatedAt),
  );
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ sm: 'center' }}
      sx={{ p: 2.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
    >
      <Box
        sx={{
          width: 44,
          height: 44,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.50',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        <SmartToyOutlined />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="h4"
          component={RouterLink}
          to={`/v2/agents/manage/${agent.id}`}
          sx={{ color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
        >
          {agent.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {agent.goal || t('manage.noGoal')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('manage.versionLine', { version: agent.version, updated })}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={`/v2/agents/manage/${agent.id}`} variant="outlined">
          {t('manage.open')}
        </Button>
        <Tooltip title={t('manage.duplicate')}>
          <IconButton
            aria-label={t('manage.duplicateNamed', { name: agent.name })}
            disabled={duplicate.isPending}
            onClick={() =>
              duplicate.mutate(agent.id, {
                onSuccess: (copy) =>
                  enqueueSnackbar(t('manage.duplicated', { name: copy.name }), { variant: 'success' }),
              })
            }
          >
            <ContentCopyRounded />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('manage.delete')}>
          <IconButton aria-label={t('manage.deleteNamed', { name: agent.name })} onClick={onDelete}>
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

function CreateAgentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const [name, setName] = useState('');
  const [goal, setGoal] = useState('');
  const create = useCreateAgent();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name, goal }, { onSuccess: (agent) => navigate(`/v2/agents/manage/${agent.id}`) });
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle>{t('manage.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t('fields.goal')}
              helperText={t('fields.goalHelp')}
              value={goal}
              onChange={(event) => setGoal(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!name.trim() || create.isPending}>
            {t('manage.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** `/v2/agents/manage`: the company's agents, searched; create, duplicate, delete (confirmed). */
export function AgentsPage() {
  const { t } = useTranslation('agents');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isPending } = useQuery(agentListQuery(deferred));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AgentSummary | null>(null);
  const remove = useDeleteAgent();
  const agents = data?.agents ?? [];

  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-end' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1">{t('manage.title')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('manage.subtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
          {t('manage.new')}
        </Button>
      </Stack>
      <AgentsTabs />
      <TextField
        size="small"
        placeholder={t('manage.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': t('manage.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ maxWidth: 360 }}
      />
      <Card variant="outlined">
        {agents.map((agent) => (
          <AgentRow
            key={agent.id}
            agent={agent}
            onDelete={() => {
              remove.reset();
              setDeleting(agent);
            }}
          />
        ))}
        {!isPending && agents.length === 0 && (
          <Box sx={{ p: 6, textAlign: 'center' }}>
            <Typography variant="h4" component="p">
              {deferred ? t('manage.noMatch') : t('manage.emptyTitle')}
            </Typography>
            {!deferred && (
              <>
                <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
                  {t('manage.empty')}
                </Typography>
                <Button variant="outlined" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
                  {t('manage.new')}
                </Button>
              </>
            )}
          </Box>
        )}
      </Card>
      {creating && <CreateAgentDialog open onClose={() => setCreating(false)} />}
      <ConfirmRemoval
        target={deleting}
        removal={remove}
        words={(name) => ({
          title: t('manage.deleteTitle', { name }),
          text: t('manage.deleteText'),
          confirm: t('manage.delete'),
          removed: t('manage.deleted', { name }),
        })}
        cancelLabel={t('cancel')}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
