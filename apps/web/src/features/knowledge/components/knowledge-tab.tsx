import DeleteOutline from '@mui/icons-material/DeleteOutline';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
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
import {
  DATASET_MAX_BYTES,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  type KnowledgeOverview,
  type KnowledgeSource,
} from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { lineRanges } from '../../../shared/format/line-ranges';
import { useCan } from '../../../shared/session/current-user';
import {
  datasetQuery,
  documentQuery,
  isProcessing,
  knowledgeQuery,
  useDeleteDataset,
  useDeleteDocstore,
  useDeleteDocument,
  usePublishDocstore,
  useReplaceDataset,
  useReplaceDocument,
  useUploadDataset,
  useUploadDocument,
} from '../api/knowledge';
import { DatasetPreviewPanel } from './dataset-preview';
import { DocumentPreviewPanel } from './document-preview';
import { QaDialog } from './qa-dialog';

/** What each kind of source takes: the files the picker offers and the largest one. */
const fileKinds = {
  csv: { accept: '.csv,text/csv', maxBytes: DATASET_MAX_BYTES, tooLarge: 'knowledge.tooLarge' },
  document: {
    accept: DOCUMENT_EXTENSIONS.join(','),
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLarge: 'knowledge.tooLargeDocument',
  },
} as const;

const stateColor = { uploaded: 'default', processing: 'info', ready: 'success', failed: 'error' } as const;

/** A file input behind a button: checks the size in the browser before anything is sent. */
function FilePickButton({
  label,
  kind,
  variant,
  disabled,
  onFile,
}: {
  label: string;
  kind: keyof typeof fileKinds;
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
    if (file.size > fileKinds[kind].maxBytes) {
      enqueueSnackbar(t(fileKinds[kind].tooLarge, { name: file.name }), { variant: 'error' });
      return;
    }
    onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={fileKinds[kind].accept}
        hidden
        onChange={picked}
        aria-label={label}
      />
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
  const isDocument = source.kind === 'document';
  const replaceDataset = useReplaceDataset(botId);
  const replaceDocument = useReplaceDocument(botId);
  const replace = isDocument ? replaceDocument : replaceDataset;
  const removeDataset = useDeleteDataset(botId);
  const removeDocument = useDeleteDocument(botId);
  const remove = isDocument ? removeDocument : removeDataset;
  const [open, setOpen] = useState(false);
  const newest = source.pending ?? source.live;
  const processing = isProcessing(source);
  // The preview refetches once processing is over, so it shows the new rows or chunks.
  const datasetPreview = useQuery({
    ...datasetQuery(botId, source.id),
    enabled: open && !processing && !isDocument,
  });
  const documentPreview = useQuery({
    ...documentQuery(botId, source.id),
    enabled: open && !processing && isDocument,
  });
  const count =
    source.live?.rowCount != null
      ? t('knowledge.rows', { count: source.live.rowCount })
      : source.live?.chunkCount != null
        ? t('knowledge.chunks', { count: source.live.chunkCount })
        : null;
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
            {source.live?.embedding?.state === 'ready' && (
              <Chip
                size="small"
                variant="outlined"
                color="secondary"
                label={t('knowledge.embedding.ready')}
              />
            )}
            {source.live && source.publication !== 'published' && (
              <Chip
                size="small"
                variant="outlined"
                color="warning"
                label={t(`knowledge.publication.${source.publication}`)}
              />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              t(`knowledge.format.${newest.format}`),
              newest.format === 'qa' ? null : newest.fileName,
              size.format(newest.sizeBytes / 1024),
              count,
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
        {canManage && newest.format !== 'qa' && (
          <FilePickButton
            label={t('knowledge.replace')}
            kind={source.kind}
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
              if (
                window.confirm(
                  t(isDocument ? 'knowledge.confirmDeleteDocument' : 'knowledge.confirmDelete', {
                    name: source.name,
                  }),
                )
              )
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
            ` ${t('knowledge.lines', {
              count: source.pending.errorLines.length,
              lines: lineRanges(source.pending.errorLines, i18n.language),
            })}`}
          {source.live ? ` ${t('knowledge.oldServes')}` : ''}
        </Alert>
      )}
      {source.live?.embedding && <EmbeddingState source={source} />}
      {source.live?.notices.map((notice) => (
        <Alert key={notice} severity="info" sx={{ mt: 1.5 }}>
          {notice}
        </Alert>
      ))}
      {open && datasetPreview.data && <DatasetPreviewPanel botId={botId} preview={datasetPreview.data} />}
      {open && documentPreview.data && <DocumentPreviewPanel preview={documentPreview.data} />}
    </Box>
  );
}

/** How far the live file's embeddings for semantic search are (shown only while an embeddings model is set up). */
function EmbeddingState({ source }: { source: KnowledgeSource }) {
  const { t } = useTranslation('webchat');
  const embedding = source.live?.embedding;
  if (!embedding || embedding.state === 'ready') return null;
  const total = source.live?.rowCount ?? source.live?.chunkCount ?? 0;
  if (embedding.state === 'failed' || embedding.error) {
    return (
      <Alert severity={embedding.state === 'failed' ? 'warning' : 'info'} sx={{ mt: 1.5 }}>
        {t(embedding.state === 'failed' ? 'knowledge.embedding.failed' : 'knowledge.embedding.retrying', {
          error: embedding.error ?? '',
        })}
      </Alert>
    );
  }
  return (
    <Box sx={{ mt: 1.5 }}>
      <LinearProgress
        variant={embedding.state === 'pending' ? 'indeterminate' : 'determinate'}
        value={total > 0 ? Math.min(100, (100 * embedding.embedded) / total) : 0}
        color="secondary"
        aria-label={t('knowledge.embedding.pending')}
      />
      <Typography variant="caption" color="text.secondary">
        {embedding.state === 'pending'
          ? t('knowledge.embedding.pending')
          : t('knowledge.embedding.embedding', { done: embedding.embedded, total })}
      </Typography>
    </Box>
  );
}

/**
 * The published document store (spec §7): when it was published, whether the draft's knowledge
 * differs, and for those who may publish, Publish and Unpublish.
 */
function DocstoreBar({ botId, docstore }: { botId: string; docstore: KnowledgeOverview['docstore'] }) {
  const { t, i18n } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canPublish = useCan('bots:publish');
  const publish = usePublishDocstore(botId);
  const unpublish = useDeleteDocstore(botId);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const onError = (error: Error) => enqueueSnackbar(error.message, { variant: 'error' });
  const status = docstore.publishedAt
    ? t(docstore.changed ? 'knowledge.docstore.changed' : 'knowledge.docstore.current', {
        date: date.format(new Date(docstore.publishedAt)),
      })
    : t('knowledge.docstore.none');
  return (
    <Alert
      severity={docstore.publishedAt && !docstore.changed ? 'success' : 'warning'}
      aria-label={t('knowledge.docstore.label')}
      action={
        canPublish && (
          <Stack direction="row" spacing={1}>
            {docstore.publishedAt && (
              <Button
                color="inherit"
                size="small"
                disabled={unpublish.isPending}
                onClick={() => {
                  if (window.confirm(t('knowledge.docstore.confirmUnpublish')))
                    unpublish.mutate(undefined, { onError });
                }}
              >
                {t('knowledge.docstore.unpublish')}
              </Button>
            )}
            {docstore.changed && (
              <Button
                variant="contained"
                size="small"
                disabled={publish.isPending}
                onClick={() =>
                  publish.mutate(undefined, {
                    onSuccess: () =>
                      enqueueSnackbar(t('knowledge.docstore.published'), { variant: 'success' }),
                    onError,
                  })
                }
              >
                {t('knowledge.docstore.publish')}
              </Button>
            )}
          </Stack>
        )
      }
    >
      {status}
    </Alert>
  );
}

/**
 * The Knowledge tab: a bot's CSV datasets and documents, their processing state (polled),
 * previews and columns, and the published store.
 */
export function KnowledgeTab({ botId }: { botId: string }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const { data } = useSuspenseQuery(knowledgeQuery(botId));
  const upload = useUploadDataset(botId);
  const uploadDocument = useUploadDocument(botId);
  const [qaOpen, setQaOpen] = useState(false);
  const canManage = useCan('bots:manage');
  const onUploadError = (error: Error) =>
    enqueueSnackbar(isApiError(error) ? error.message : t('knowledge.uploadFailed'), { variant: 'error' });
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
              <Stack
                direction="row"
                spacing={1}
                sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 1 }}
              >
                <Button startIcon={<QuestionAnswerOutlined />} onClick={() => setQaOpen(true)}>
                  {t('knowledge.qa.open')}
                </Button>
                <FilePickButton
                  label={t('knowledge.uploadDocument')}
                  kind="document"
                  variant="outlined"
                  disabled={uploadDocument.isPending}
                  onFile={(file) => uploadDocument.mutate(file, { onError: onUploadError })}
                />
                <FilePickButton
                  label={t('knowledge.upload')}
                  kind="csv"
                  variant="contained"
                  disabled={upload.isPending}
                  onFile={(file) => upload.mutate(file, { onError: onUploadError })}
                />
              </Stack>
            )}
          </Stack>
          {data.sources.length > 0 && <DocstoreBar botId={botId} docstore={data.docstore} />}
          <Alert severity="info">
            {data.search.semantic.enabled
              ? t('knowledge.semanticOn', { model: data.search.semantic.model })
              : semanticOff}
          </Alert>
          {(upload.isPending || uploadDocument.isPending) && (
            <LinearProgress aria-label={t('knowledge.uploading')} />
          )}
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
      {canManage && <QaDialog botId={botId} open={qaOpen} onClose={() => setQaOpen(false)} />}
    </Card>
  );
}
