import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import NotesRounded from '@mui/icons-material/NotesRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { PromptSummary } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmRemoval } from '../../../shared/ui/confirm-dialog';
import { PageContainer } from '../../../shared/ui/page-container';
import { promptListQuery, promptQuery, useCreatePrompt, useDeletePrompt } from '../api/prompts';
import { AgentsTabs } from './agents-tabs';
import { PromptDiff } from './prompt-diff';
import { PromptEditor } from './prompt-editor';
import { PromptRun } from './prompt-run';

function NewPromptDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation('agents');
  const [name, setName] = useState('');
  const create = useCreatePrompt();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, template: '' }, { onSuccess: (prompt) => onCreated(prompt.id) });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle>{t('prompts.new')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={t('prompts.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ mt: 1 }}
        />
        {create.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {create.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!name.trim() || create.isPending}>
          {t('prompts.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The chosen prompt: edit it, compare its versions, try it against the model. */
function PromptPanel({ id, onDelete }: { id: string; onDelete: (prompt: PromptSummary) => void }) {
  const { t } = useTranslation('agents');
  const { data: prompt, error } = useQuery(promptQuery(id));
  const [tab, setTab] = useState<'edit' | 'versions' | 'test'>('edit');
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!prompt) return null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {prompt.name}
          </Typography>
          <Chip size="small" label={t('versions.number', { version: prompt.version })} />
          <Tooltip title={t('prompts.delete')}>
            <IconButton
              aria-label={t('prompts.deleteNamed', { name: prompt.name })}
              onClick={() => onDelete(prompt)}
            >
              <DeleteOutlineRounded />
            </IconButton>
          </Tooltip>
        </Stack>
        <Tabs
          value={tab}
          onChange={(_, value: typeof tab) => setTab(value)}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}
        >
          <Tab value="edit" label={t('prompts.tabEdit')} />
          <Tab value="versions" label={t('prompts.tabVersions')} />
          <Tab value="test" label={t('prompts.tabTest')} />
        </Tabs>
        {/* Keyed by prompt only: what is typed just after a save survives the refetch. */}
        {tab === 'edit' && <PromptEditor key={prompt.id} prompt={prompt} />}
        {tab === 'versions' && <PromptDiff key={prompt.id} id={prompt.id} current={prompt.version} />}
        {tab === 'test' && <PromptRun key={`${prompt.id}:${prompt.version}`} prompt={prompt} />}
      </CardContent>
    </Card>
  );
}

/** `/v2/agents/prompts`: the company's prompt templates, their versions, and test runs. */
export function PromptsPage() {
  const { t } = useTranslation('agents');
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const { data, isPending } = useQuery(promptListQuery(search));
  const prompts = data?.prompts ?? [];
  const selected = params.get('prompt') ?? prompts[0]?.id ?? null;
  const select = (id: string | null) => setParams(id ? { prompt: id } : {}, { replace: true });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PromptSummary | null>(null);
  const remove = useDeletePrompt();
  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-end' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1">{t('prompts.title')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('prompts.subtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
          {t('prompts.new')}
        </Button>
      </Stack>
      <AgentsTabs />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' } }}>
        <Card variant="outlined" sx={{ alignSelf: 'start' }}>
          <Box sx={{ p: 1.5 }}>
            <TextField
              size="small"
              fullWidth
              placeholder={t('prompts.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{ htmlInput: { 'aria-label': t('prompts.search'), maxLength: 100 } }}
            />
          </Box>
          <List dense aria-label={t('prompts.list')} sx={{ pt: 0 }}>
            {prompts.map((prompt) => (
              <ListItemButton
                key={prompt.id}
                selected={prompt.id === selected}
                onClick={() => select(prompt.id)}
              >
                <NotesRounded fontSize="small" color="action" sx={{ mr: 1.5 }} />
                <ListItemText
                  primary={prompt.name}
                  secondary={prompt.description || t('versions.number', { version: prompt.version })}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
          {!isPending && prompts.length === 0 && (
            <Box sx={{ p: 3, textAlign: 'center' }}>
              <Typography variant="h4" component="p">
                {search ? t('prompts.noMatch') : t('prompts.emptyTitle')}
              </Typography>
              {!search && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('prompts.empty')}
                </Typography>
              )}
            </Box>
          )}
        </Card>
        {selected && <PromptPanel key={selected} id={selected} onDelete={setDeleting} />}
      </Box>
      {creating && (
        <NewPromptDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            select(id);
          }}
        />
      )}
      <ConfirmRemoval
        target={deleting}
        removal={remove}
        words={(name) => ({
          title: t('prompts.deleteTitle', { name }),
          text: t('prompts.deleteText'),
          confirm: t('prompts.delete'),
          removed: t('prompts.deleted', { name }),
        })}
        cancelLabel={t('cancel')}
        onClose={() => setDeleting(null)}
        onRemoved={() => select(null)}
      />
    </PageContainer>
  );
}
