import Download from '@mui/icons-material/Download';
import Translate from '@mui/icons-material/Translate';
import Upload from '@mui/icons-material/Upload';
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
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  type BotTextTranslation,
  type BotTranslations,
  type TextTranslationState,
  type TranslationFileFormat,
  type TranslationImportProblem,
  type TranslationLanguage,
  textTranslationStates,
} from '@parley/contracts';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useCan } from '../../../shared/session/current-user';
import {
  botTextsQuery,
  botTranslationQuery,
  exportTranslations,
  translateMissingBatch,
  translationKeys,
  useImportTranslations,
  useSaveTextTranslation,
} from '../api/translation';
import { useLanguageName } from './languages-card';

const stateColor: Record<TextTranslationState, 'default' | 'warning' | 'error' | 'info' | 'success'> = {
  missing: 'error',
  outdated: 'warning',
  machine: 'info',
  reviewed: 'success',
  edited: 'success',
};

/** The bot settings' Translations tab: every text a visitor reads, per language the bot offers. */
export function TranslationsView({ botId }: { botId: string }) {
  const { t } = useTranslation('translation');
  const { data: settings } = useSuspenseQuery(botTranslationQuery(botId));
  const languageName = useLanguageName();
  const [picked, setPicked] = useState<TranslationLanguage | null>(null);
  const language = picked ?? settings.offeredLanguages[0];
  if (!language)
    return (
      <Alert
        severity="info"
        action={
          <Button component={Link} to={`/v2/lite/bots/${botId}/settings/languages`} color="inherit">
            {t('texts.addLanguages')}
          </Button>
        }
      >
        {t('texts.noLanguages')}
      </Alert>
    );
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2">
          {t('texts.from', { language: languageName(settings.mainLanguage) })}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={language}
          aria-label={t('texts.language')}
          onChange={(_, value: TranslationLanguage | null) => value && setPicked(value)}
        >
          {settings.offeredLanguages.map((code) => (
            <ToggleButton key={code} value={code} sx={{ px: 2 }}>
              {languageName(code)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <LanguageTexts key={language} botId={botId} language={language} />
    </Stack>
  );
}

const isTranslating = (data: BotTranslations | undefined) =>
  data?.pretranslation?.status === 'queued' || data?.pretranslation?.status === 'running';

/** Where the background translation of the bot's texts into this language stands. */
function PretranslationNotice({
  pretranslation,
}: {
  pretranslation: NonNullable<BotTranslations['pretranslation']>;
}) {
  const { t, i18n } = useTranslation('translation');
  const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(pretranslation.updatedAt),
  );
  switch (pretranslation.status) {
    case 'queued':
    case 'running':
      return (
        <Box aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('texts.background.running')}
          </Typography>
          <LinearProgress
            aria-label={t('texts.background.running')}
            sx={{ height: 6, borderRadius: 3, maxWidth: 420 }}
          />
        </Box>
      );
    case 'done':
      return (
        <Alert severity="success" variant="outlined">
          {t('texts.background.done', { count: pretranslation.translated, date: at })}
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="warning">
          {t('texts.background.failed', { problem: pretranslation.problem ?? '', date: at })}
        </Alert>
      );
  }
}

function LanguageTexts({ botId, language }: { botId: string; language: TranslationLanguage }) {
  const { t } = useTranslation('translation');
  const { data } = useSuspenseQuery({
    ...botTextsQuery(botId, language),
    // While the texts are translated in the background, the list follows it.
    refetchInterval: (query) => (isTranslating(query.state.data) ? 2_000 : false),
  });
  const canManage = useCan('bots:manage');
  const [filter, setFilter] = useState<TextTranslationState | 'all'>('all');
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const shown = data.texts.filter(
    (text) =>
      (filter === 'all' || text.state === filter) &&
      (needle === '' ||
        text.source.toLocaleLowerCase().includes(needle) ||
        (text.translation ?? '').toLocaleLowerCase().includes(needle) ||
        text.moduleName.toLocaleLowerCase().includes(needle)),
  );
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <div>
            <Typography variant="h3" component="h2">
              {t('texts.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('texts.subtitle')}
            </Typography>
          </div>
          {data.pretranslation && <PretranslationNotice pretranslation={data.pretranslation} />}
          {canManage && <TextsActions botId={botId} language={language} texts={data.texts} />}
          {!canManage && <ExportButtons botId={botId} language={language} />}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
            <Chip
              label={t('texts.all', { count: data.texts.length })}
              color={filter === 'all' ? 'primary' : 'default'}
              variant={filter === 'all' ? 'filled' : 'outlined'}
              onClick={() => setFilter('all')}
            />
            {textTranslationStates.map((state) => (
              <Chip
                key={state}
                label={`${t(`texts.state.${state}`)} · ${data.counts[state] ?? 0}`}
                color={filter === state ? 'primary' : 'default'}
                variant={filter === state ? 'filled' : 'outlined'}
                onClick={() => setFilter(state)}
              />
            ))}
            <Box sx={{ flexGrow: 1 }} />
            <TextField
              size="small"
              type="search"
              label={t('texts.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              sx={{ minWidth: 240 }}
            />
          </Stack>
          <Divider />
          {shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {data.texts.length === 0 ? t('texts.noTexts') : t('texts.noMatch')}
            </Typography>
          ) : (
            <Stack divider={<Divider flexItem />} spacing={2}>
              {shown.map((text) => (
                // A new translation from the server starts the row's draft afresh.
                <TextRow
                  key={`${text.key}|${text.state}|${text.translation}`}
                  botId={botId}
                  language={language}
                  text={text}
                  canManage={canManage}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Where a text is, in words: its module's name (or id) and the field, or the fallback message. */
function TextPlace({ text }: { text: BotTextTranslation }) {
  const { t } = useTranslation('translation');
  if (text.moduleId === null)
    return <Typography variant="subtitle2">{t('texts.fallbackMessage')}</Typography>;
  return (
    <Typography variant="subtitle2" component="div">
      {text.moduleName || text.moduleId}{' '}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {text.field}
      </Typography>
    </Typography>
  );
}

function TextRow({
  botId,
  language,
  text,
  canManage,
}: {
  botId: string;
  language: TranslationLanguage;
  text: BotTextTranslation;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('translation');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTextTranslation(botId, language);
  const starting =
    text.state === 'outdated' ? (text.translation ?? '') : (text.translation ?? text.machine ?? '');
  const [draft, setDraft] = useState(starting);
  const changed = draft.trim() !== '' && draft !== starting;
  const error = save.error && isApiError(save.error) ? save.error : null;
  const submit = (translation: string, reset = false) =>
    save.mutate(
      { language, key: text.key, translation, reset },
      {
        onSuccess: (saved) => {
          setDraft(saved.state === 'outdated' ? (saved.translation ?? '') : (saved.translation ?? ''));
          enqueueSnackbar(t(reset ? 'texts.resetDone' : 'texts.saved'), { variant: 'success' });
        },
      },
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.2fr)' },
      }}
      data-testid={`translation-${text.key}`}
    >
      <Stack spacing={0.75}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip size="small" color={stateColor[text.state]} label={t(`texts.state.${text.state}`)} />
          <TextPlace text={text} />
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {text.source}
        </Typography>
        {text.state === 'outdated' && text.previousSource !== null && (
          <Typography variant="caption" color="warning.main">
            {t('texts.previousSource', { source: text.previousSource })}
          </Typography>
        )}
        {text.updatedAt && (
          <Typography variant="caption" color="text.secondary">
            {t('texts.updatedAt', {
              date: new Intl.DateTimeFormat(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }).format(new Date(text.updatedAt)),
            })}
          </Typography>
        )}
      </Stack>
      <Stack spacing={1}>
        <TextField
          multiline
          minRows={1}
          size="small"
          label={t('texts.translation')}
          placeholder={text.state === 'missing' ? t('texts.missingPlaceholder') : undefined}
          value={draft}
          disabled={!canManage || save.isPending}
          onChange={(event) => setDraft(event.target.value)}
          error={error !== null}
          helperText={
            error
              ? error.name === 'ValidationException'
                ? t('texts.templateParts', { part: '{{ … }}' })
                : error.message
              : text.state === 'outdated' && text.machine
                ? t('texts.machineOfNew', { text: text.machine })
                : undefined
          }
        />
        {canManage && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {changed && (
              <>
                <Button size="small" onClick={() => setDraft(starting)}>
                  {t('texts.cancel')}
                </Button>
                <Button
                  size="small"
                  variant="contained"
                  disabled={save.isPending}
                  onClick={() => submit(draft)}
                >
                  {t('texts.save')}
                </Button>
              </>
            )}
            {!changed && (text.state === 'machine' || text.state === 'outdated') && draft.trim() !== '' && (
              <Button size="small" variant="outlined" disabled={save.isPending} onClick={() => submit(draft)}>
                {t('texts.review')}
              </Button>
            )}
            {!changed && (text.state === 'reviewed' || text.state === 'edited') && (
              <Button size="small" disabled={save.isPending} onClick={() => submit(draft, true)}>
                {t('texts.reset')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** A chosen file's text (FileReader: what every browser and the test DOM have). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

function download(file: { fileName: string; mediaType: string; content: string }) {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  URL.revokeObjectURL(url);
}

function ExportButtons({ botId, language }: { botId: string; language: TranslationLanguage }) {
  const { t } = useTranslation('translation');
  const { enqueueSnackbar } = useSnackbar();
  const exportAs = (format: TranslationFileFormat) =>
    exportTranslations(botId, language, format).then(download, (error: Error) =>
      enqueueSnackbar(error.message, { variant: 'error' }),
    );
  return (
    <>
      <Button startIcon={<Download />} onClick={() => exportAs('csv')}>
        {t('texts.exportCsv')}
      </Button>
      <Button startIcon={<Download />} onClick={() => exportAs('xliff')}>
        {t('texts.exportXliff')}
      </Button>
    </>
  );
}

/** Translate missing (batch after batch, with progress), export and import. */
function TextsActions({
  botId,
  language,
  texts,
}: {
  botId: string;
  language: TranslationLanguage;
  texts: BotTextTranslation[];
}) {
  const { t } = useTranslation('translation');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const importFile = useImportTranslations(botId, language);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const untranslated = new Set(
    texts
      .filter((text) => text.state === 'missing' || (text.state === 'outdated' && text.machine === null))
      .map((text) => text.source),
  ).size;

  const translateAll = async () => {
    setFailure(null);
    setProgress({ done: 0, total: untranslated });
    try {
      let done = 0;
      for (;;) {
        const batch = await translateMissingBatch(botId, language);
        done += batch.translated;
        setProgress({ done, total: done + batch.remaining });
        if (batch.remaining === 0 || batch.translated === 0) break;
      }
      enqueueSnackbar(t('texts.translatedAll', { count: done }), { variant: 'success' });
    } catch (error) {
      setFailure(
        isApiError(error) && error.name === 'ConflictException'
          ? t('texts.needsKey')
          : t('texts.translateFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: translationKeys.texts(botId, language) });
    }
  };

  const onFile = async (file: File) => {
    const format: TranslationFileFormat = /\.csv$/i.test(file.name) ? 'csv' : 'xliff';
    importFile.mutate(
      { language, format, content: await readText(file) },
      {
        onSuccess: (result) =>
          enqueueSnackbar(t('texts.imported', { count: result.imported, unchanged: result.unchanged }), {
            variant: 'success',
          }),
      },
    );
  };

  const importError = importFile.error;
  const problems =
    importError && isApiError(importError) && importError.name === 'TranslationImportException'
      ? ((importError.details as { problems?: TranslationImportProblem[] } | undefined)?.problems ?? [])
      : [];

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          startIcon={<Translate />}
          disabled={untranslated === 0 || progress !== null}
          onClick={translateAll}
        >
          {untranslated === 0
            ? t('texts.nothingMissing')
            : t('texts.translateMissing', { count: untranslated })}
        </Button>
        <ExportButtons botId={botId} language={language} />
        <Button
          startIcon={<Upload />}
          disabled={importFile.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {t('texts.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".csv,.xlf,.xliff,.xml,text/csv,application/x-xliff+xml"
          aria-label={t('texts.importFile')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void onFile(file);
          }}
        />
      </Stack>
      {progress && (
        <Box aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('texts.progress', { done: progress.done, total: progress.total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            aria-label={t('texts.progressLabel')}
            value={progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
            sx={{ height: 8, borderRadius: 4, maxWidth: 420 }}
          />
        </Box>
      )}
      {failure && (
        <Alert severity="warning" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {importError && (
        <Alert severity="error" onClose={() => importFile.reset()}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('texts.importRefused')}
          </Typography>
          {problems.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problems.map((problem) => (
                <li key={`${problem.line}-${problem.key}-${problem.code}`}>
                  {problem.line !== null && `${t('texts.line', { line: problem.line })} `}
                  {t(`texts.problem.${problem.code}`, { key: problem.key ?? '', part: '{{ … }}' })}
                </li>
              ))}
            </Box>
          ) : (
            importError.message
          )}
        </Alert>
      )}
    </Stack>
  );
}
