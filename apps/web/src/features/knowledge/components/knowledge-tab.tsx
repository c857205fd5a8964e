import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { DATASET_MAX_BYTES, type KnowledgeSource } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { useCan } from '../../../shared/session/current-user';
import {
  datasetQuery,
  isProcessing,
  knowledgeQuery,
  useDeleteDataset,
  useReplaceDataset,
  useUploadDataset,
} from '../api/knowledge';
import { DatasetPreviewPanel } from './dataset-preview';

const stateColor = { uploaded: 'default', processing: 'info', ready: 'success', failed: 'error' } as const;

/** A file input behind a button: checks the size in the browser before anything is sent. */
function FilePickButton({
  label,
  variant,
  disabled,
  onFile,
}: {
  label: string;
  variant: 'contained' | 'outlined' | 'text';
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > DATASET_MAX_BYTES) {
      enqueueSnackbar(t('knowledge.tooLarge', { name: file.name }), { variant: 'error' });
      return;
    }
    onFile(file);
  };
  return (
    <>
      <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={picked} aria-label={label} />
      <Button
        variant={variant}
        startIcon={<UploadFile />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}

function SourceRow({ botId, source }: { botId: string; source: KnowledgeSource }) {
  const { t, i18n } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('bots:manage');
  const replace = useReplaceDataset(botId);
  const remove = useDeleteDataset(botId);
  const [open, setOpen] = useState(false);
  const newest = source.pending ?? source.live;
  const processing = isProcessing(source);
  // The preview refetches once processing is over, so it shows the new rows.
  const preview = useQuery({ ...datasetQuery(botId, source.id), enabled: open && !processing });
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!newest) return null;
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 2 }} aria-label={source.name}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {source.name}
            </Typography>
            <Chip
              size="small"
              color={stateColor[newest.state]}
              label={t(`knowledge.state.${newest.state}`)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              newest.fileName,
              size.format(newest.sizeBytes / 1024),
              source.live?.rowCount !== null && source.live?.rowCount !== undefined
                ? t('knowledge.rows', { count: source.live.rowCount })
                : null,
              t('knowledge.updated', { date: date.format(new Date(source.updatedAt)) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        {source.live && (
          <Button onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('knowledge.hidePreview') : t('knowledge.preview')}
          </Button>
        )}
        {canManage && (
          <FilePickButton
            label={t('knowledge.replace')}
            variant="text"
            disabled={replace.isPending}
            onFile={(file) =>
              replace.mutate(
                { sourceId: source.id, file },
                { onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }) },
              )
            }
          />
        )}
        {canManage && (
          <Button
            color="error"
            startIcon={<DeleteOutline />}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('knowledge.confirmDelete', { name: source.name })))
                remove.mutate(source.id);
            }}
          >
            {t('knowledge.delete')}
          </Button>
        )}
      </Stack>
      {processing && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={newest.progress}
            aria-label={t('knowledge.progress', { name: source.name })}
          />
          <Typography variant="caption" color="text.secondary">
            {t('knowledge.processing', { progress: newest.progress })}
            {source.live ? ` ${t('knowledge.oldServes')}` : ''}
          </Typography>
        </Box>
      )}
      {source.pending?.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {source.pending.error}
          {source.pending.errorLines.length > 0 &&
            ` ${t('knowledge.lines', { lines: source.pending.errorLines.join(', ') })}`}
          {source.live ? ` ${t('knowledge.oldServes')}` : ''}
        </Alert>
      )}
      {source.live?.notices.map((notice) => (
        <Alert key={notice} severity="info" sx={{ mt: 1.5 }}>
          {notice}
        </Alert>
      ))}
      {open && preview.data && <DatasetPreviewPanel botId={botId} preview={preview.data} />}
    </Box>
  );
}

/** The Knowledge tab: a bot's CSV datasets, their processing state (polled), previews and columns. */
export function KnowledgeTab({ botId }: { botId: string }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const { data } = useSuspenseQuery(knowledgeQuery(botId));
  const upload = useUploadDataset(botId);
  const canManage = useCan('bots:manage');
  const semanticOff = t('knowledge.semanticOff', {
    reasons: data.search.semantic.reasons
      .map((reason) => t(`knowledge.reason.${reason}`))
      .join(t('knowledge.and')),
  });
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h3" component="h2">
                {t('knowledge.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('knowledge.subtitle')}
              </Typography>
            </Box>
            {canManage && (
              <FilePickButton
                label={t('knowledge.upload')}
                variant="contained"
                disabled={upload.isPending}
                onFile={(file) =>
                  upload.mutate(file, {
                    onError: (error) =>
                      enqueueSnackbar(isApiError(error) ? error.message : t('knowledge.uploadFailed'), {
                        variant: 'error',
                      }),
                  })
                }
              />
            )}
          </Stack>
          {!data.search.semantic.enabled && <Alert severity="info">{semanticOff}</Alert>}
          {upload.isPending && <LinearProgress aria-label={t('knowledge.uploading')} />}
          {data.sources.length === 0 ? (
            <Typography color="text.secondary">{t('knowledge.empty')}</Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {data.sources.map((source, index) => (
                <Box key={source.id}>
                  {index > 0 && <Divider component="div" />}
                  <SourceRow botId={botId} source={source} />
                </Box>
              ))}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
