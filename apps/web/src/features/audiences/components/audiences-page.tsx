import AddRounded from '@mui/icons-material/AddRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Audience, AudienceFilter } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import {
  audienceListQuery,
  botChoicesQuery,
  useDeleteAudience,
  useDuplicateAudience,
  useSaveAudience,
} from '../api/audiences';
import { AudiencePreview } from './audience-preview';
import { ConditionEditor, newCondition } from './condition-editor';

const emptyFilter = (): AudienceFilter => ({ schemaVersion: 1, match: 'all', conditions: [] });

/** `/filters/list`: the company's audiences, and the builder with its live count. */
export function AudiencesPage() {
  const { t } = useTranslation('audiences');
  const { enqueueSnackbar } = useSnackbar();
  const { audiences } = useSuspenseQuery(audienceListQuery()).data;
  const bots = useQuery(botChoicesQuery()).data?.items ?? [];
  const [editing, setEditing] = useState<{ id: string | null; name: string; filter: AudienceFilter }>({
    id: null,
    name: '',
    filter: emptyFilter(),
  });
  const [deleting, setDeleting] = useState<Audience | null>(null);
  const save = useSaveAudience();
  const duplicate = useDuplicateAudience();
  const remove = useDeleteAudience();

  const open = (audience: Audience) =>
    setEditing({ id: audience.id, name: audience.name, filter: audience.filter });
  const setFilter = (filter: AudienceFilter) => setEditing((current) => ({ ...current, filter }));
  const conditions = editing.filter.conditions;

  const onSave = () =>
    save.mutate(
      { id: editing.id, request: { name: editing.name, filter: editing.filter } },
      {
        onSuccess: (saved) => {
          setEditing({ id: saved.id, name: saved.name, filter: saved.filter });
          enqueueSnackbar(t('saved', { name: saved.name }), { variant: 'success' });
        },
      },
    );

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
        <Card variant="outlined" sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
          <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, pt: 1.5 }}>
            <Typography variant="overline" color="text.secondary">
              {t('saved_title')}
            </Typography>
            <Button
              size="small"
              startIcon={<AddRounded />}
              onClick={() => setEditing({ id: null, name: '', filter: emptyFilter() })}
            >
              {t('new')}
            </Button>
          </Stack>
          {audiences.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('empty')}
            </Typography>
          ) : (
            <List dense aria-label={t('saved_title')}>
              {audiences.map((audience) => (
                <ListItemButton
                  key={audience.id}
                  selected={audience.id === editing.id}
                  onClick={() => open(audience)}
                >
                  <ListItemText
                    primary={audience.name}
                    secondary={t('conditionCount', { count: audience.filter.conditions.length })}
                  />
                  <Tooltip title={t('duplicate')}>
                    <IconButton
                      size="small"
                      aria-label={t('duplicateNamed', { name: audience.name })}
                      onClick={(event) => {
                        event.stopPropagation();
                        duplicate.mutate(audience.id, { onSuccess: open });
                      }}
                    >
                      <ContentCopyRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('delete')}>
                    <IconButton
                      size="small"
                      aria-label={t('deleteNamed', { name: audience.name })}
                      onClick={(event) => {
                        event.stopPropagation();
                        remove.reset();
                        setDeleting(audience);
                      }}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </ListItemButton>
              ))}
            </List>
          )}
        </Card>

        <Stack spacing={3} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Card variant="outlined" sx={{ p: 2.5 }}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('name')}
                  value={editing.name}
                  onChange={(event) => setEditing((current) => ({ ...current, name: event.target.value }))}
                  sx={{ flex: 2, minWidth: 0 }}
                />
                <TextField
                  select
                  label={t('match.label')}
                  value={editing.filter.match}
                  onChange={(event) =>
                    setFilter({ ...editing.filter, match: event.target.value as 'all' | 'any' })
                  }
                  sx={{ flex: 1, minWidth: 220 }}
                >
                  <MenuItem value="all">{t('match.all')}</MenuItem>
                  <MenuItem value="any">{t('match.any')}</MenuItem>
                </TextField>
              </Stack>
              {conditions.length === 0 && <Typography color="text.secondary">{t('everyone')}</Typography>}
              {conditions.map((condition, index) => (
                <ConditionEditor
                  // Conditions have no ids; their place is their identity while editing.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  condition={condition}
                  bots={bots}
                  onChange={(changed) =>
                    setFilter({
                      ...editing.filter,
                      conditions: conditions.map((each, at) => (at === index ? changed : each)),
                    })
                  }
                  onRemove={() =>
                    setFilter({ ...editing.filter, conditions: conditions.filter((_, at) => at !== index) })
                  }
                />
              ))}
              <Box>
                <Button
                  startIcon={<AddRounded />}
                  onClick={() =>
                    setFilter({
                      ...editing.filter,
                      conditions: [
                        ...conditions,
                        newCondition(
                          'variable',
                          bots.map((bot) => bot.id),
                        ),
                      ],
                    })
                  }
                >
                  {t('addCondition')}
                </Button>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('countryNote')}
              </Typography>
              {save.isError && <Alert severity="error">{save.error.message}</Alert>}
              <Box>
                <Button
                  variant="contained"
                  onClick={onSave}
                  disabled={save.isPending || !editing.name.trim()}
                >
                  {editing.id ? t('save') : t('create')}
                </Button>
              </Box>
            </Stack>
          </Card>
          <AudiencePreview filter={editing.filter} />
        </Stack>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        text={t('deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (editing.id === deleting.id) setEditing({ id: null, name: '', filter: emptyFilter() });
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
