import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { IntentLimitError, mergeIntents } from '../model/intents';
import { IntentsCsvError, intentsToCsv, parseIntentsCsv } from '../model/intents-csv';

type ImportOutcome =
  | { ok: true; file: string; created: number; added: number }
  | { ok: false; file: string; reason: string };

/** Files larger than this are not intents (1000 phrases × 500 intents fit well within it). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Saves text as a file the browser downloads. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Import intents from a CSV file (one undo step; a bad file changes nothing) and export them as one. */
export function IntentsCsvButtons({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const hasIntents = useStore(store, (state) => state.flow.intents.length > 0);
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const reasonOf = (error: unknown): string => {
    if (error instanceof IntentsCsvError)
      return t(`intents.csvErrors.${error.problem}`, { line: error.line, ...error.params });
    if (error instanceof IntentLimitError) return t(`intents.csvErrors.${error.code}`, error.params);
    return error instanceof Error ? error.message : String(error);
  };

  const importFile = async (file: File) => {
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(t('intents.csvErrors.tooLarge'));
      const imported = parseIntentsCsv(await file.text());
      const result = mergeIntents(store.getState().flow, imported);
      store.getState().apply(() => result.flow);
      setOutcome({ ok: true, file: file.name, created: result.created, added: result.added });
    } catch (error) {
      setOutcome({ ok: false, file: file.name, reason: reasonOf(error) });
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="text"
          startIcon={<FileUploadOutlined />}
          onClick={() => input.current?.click()}
        >
          {t('intents.import')}
        </Button>
        <Button
          size="small"
          variant="text"
          startIcon={<FileDownloadOutlined />}
          disabled={!hasIntents}
          onClick={() => download('intents.csv', intentsToCsv(store.getState().flow.intents))}
        >
          {t('intents.export')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label={t('intents.importFile')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('intents.csvFormat')}
      </Typography>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          onClose={() => setOutcome(null)}
          data-import-outcome={outcome.ok ? 'imported' : 'refused'}
        >
          {outcome.ok
            ? outcome.created + outcome.added === 0
              ? t('intents.importedNothing', { file: outcome.file })
              : t('intents.imported', {
                  file: outcome.file,
                  phrases: t('intents.phraseCount', { count: outcome.added }),
                  intents: t('intents.intentCount', { count: outcome.created }),
                })
            : t('intents.importFailed', { file: outcome.file, reason: outcome.reason })}
        </Alert>
      )}
    </Stack>
  );
}
