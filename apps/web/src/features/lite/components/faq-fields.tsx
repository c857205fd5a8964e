import AddRounded from '@mui/icons-material/AddRounded';
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import TableChartRounded from '@mui/icons-material/TableChartRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { Alert, Button, Card, CardContent, IconButton, Stack, TextField, Typography } from '@mui/material';
import { LITE_MAX_FAQS, type LiteCsv, type LiteFaq } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorWords, isApiError } from '../../../shared/api/api-error';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { useDraftAnswers, useReadLiteCsv } from '../api/lite';
import type { AnswersForm } from './answer-fields';

/** A catalogue the form read, attached to the bot once it is built. */
export interface CatalogueChoice {
  file: File;
  read: LiteCsv & { kind: 'catalogue' };
}

/** The creation form's catalogue: offered only there (and only with a model to answer from it). */
export interface CatalogueSlot {
  value: CatalogueChoice | null;
  onChange: (value: CatalogueChoice | null) => void;
}

/** What happened last: an import or a draft, said above the list until closed. */
type Notice =
  | { kind: 'imported'; count: number; dropped: number; fileName: string }
  | { kind: 'drafted'; count: number }
  | { kind: 'error'; text: string };

const filled = (faq: { question: string; answer: string }) =>
  faq.question.trim() !== '' || faq.answer.trim() !== '';

/**
 * The form's questions and answers: typed in, read from a CSV file, or drafted by the model.
 * `saved` is an assistant that exists already (its settings): drafts are read before saving, not
 * before creating it.
 */
export function FaqFields({
  form,
  catalogue,
  saved = false,
}: {
  form: AnswersForm;
  catalogue?: CatalogueSlot;
  saved?: boolean;
}) {
  const { t } = useTranslation('lite');
  const stage = saved ? 'saved' : undefined;
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'faqs' });
  const faqs = useWatch({ control: form.control, name: 'faqs' });
  const { data: config } = useQuery(frontendConfigQuery);
  const modelReady = config?.llm.configured === true;
  const readCsv = useReadLiteCsv();
  const draft = useDraftAnswers();
  const [notice, setNotice] = useState<Notice | null>(null);
  const { errors } = form.formState;
  const inputId = useId();
  // Leaving one field checks the whole list, which may flag a neighbour not filled in yet: that
  // flag goes as soon as the neighbour is typed in.
  const recheck = (path: `faqs.${number}.question` | `faqs.${number}.answer`) => () => {
    if (form.getFieldState(path).error) void form.trigger(path);
  };
  // New pairs go after the ones written so far (empty rows dropped), up to the bot's limit.
  const merge = (added: LiteFaq[]) => {
    const kept = [...form.getValues('faqs').filter(filled), ...added];
    replace(kept.slice(0, LITE_MAX_FAQS));
    void form.trigger('faqs');
    return Math.max(0, kept.length - LITE_MAX_FAQS);
  };

  const csvError = (error: Error) => {
    const reason = isApiError(error) ? (error.details as { reason?: string } | undefined)?.reason : undefined;
    const columns = isApiError(error)
      ? (error.details as { columns?: string[] } | undefined)?.columns
      : undefined;
    if (reason === 'empty') return t('csv.empty');
    if (reason === 'wrong-columns' && columns)
      return t(catalogue && modelReady ? 'csv.wrongColumnsCatalogue' : 'csv.wrongColumns', {
        count: columns.length,
        columns: columns.join(', '),
      });
    return errorWords(error, { PayloadTooLargeException: t('csv.tooLarge') }) ?? '';
  };

  const importCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setNotice(null);
    readCsv.mutate(
      { file, catalogue: catalogue !== undefined && modelReady },
      {
        onSuccess: (read) => {
          if (read.kind === 'catalogue') {
            catalogue?.onChange({ file, read });
            return;
          }
          const dropped = merge(read.faqs) + Math.max(0, read.rowCount - read.faqs.length);
          setNotice({ kind: 'imported', count: read.faqs.length, dropped, fileName: file.name });
        },
        onError: (error) => setNotice({ kind: 'error', text: csvError(error) }),
      },
    );
  };

  // Questions typed without an answer are answered; with none of those, common ones are suggested.
  const unanswered = (faqs ?? []).filter((faq) => faq.question.trim() !== '' && faq.answer.trim() === '');
  const suggesting = unanswered.length === 0;
  const filledCount = (faqs ?? []).filter(filled).length;
  const draftAnswers = () => {
    const answers = form.getValues();
    setNotice(null);
    draft.mutate(
      {
        businessName: answers.businessName,
        website: answers.website,
        purpose: answers.purpose,
        tone: answers.tone,
        language: answers.language,
        questions: unanswered.map((faq) => faq.question.trim()),
      },
      {
        onSuccess: ({ faqs: drafted }) => {
          if (suggesting) {
            const asked = new Set(form.getValues('faqs').map((faq) => faq.question.trim().toLowerCase()));
            merge(drafted.filter((faq) => !asked.has(faq.question.toLowerCase())));
          } else {
            const byQuestion = new Map(drafted.map((faq) => [faq.question, faq.answer]));
            replace(
              form
                .getValues('faqs')
                .map((faq) =>
                  faq.answer.trim() === ''
                    ? { ...faq, answer: byQuestion.get(faq.question.trim()) ?? '' }
                    : faq,
                ),
            );
            void form.trigger('faqs');
          }
          setNotice({ kind: 'drafted', count: drafted.length });
        },
        onError: (error) =>
          setNotice({
            kind: 'error',
            text:
              errorWords(error, {
                NotConfiguredException: t('draft.notConfigured'),
                UpstreamException: t('draft.upstream'),
                RateLimitException: t('draft.rateLimited'),
              }) ?? '',
          }),
      },
    );
  };

  return (
    <Stack spacing={2}>
      {fields.length === 0 && (
        <Alert severity={errors.faqs ? 'error' : 'info'} variant="outlined">
          {errors.faqs ? t('errors.faqs') : t('help.noFaqs')}
        </Alert>
      )}
      {notice && (
        <Alert
          severity={
            notice.kind === 'error'
              ? 'error'
              : notice.kind === 'imported' && notice.dropped > 0
                ? 'warning'
                : 'success'
          }
          onClose={() => setNotice(null)}
        >
          {notice.kind === 'error'
            ? notice.text
            : notice.kind === 'drafted'
              ? t('draft.done', { count: notice.count, context: stage })
              : notice.dropped > 0
                ? t('csv.importedSome', {
                    count: notice.count,
                    dropped: notice.dropped,
                    max: LITE_MAX_FAQS,
                    file: notice.fileName,
                  })
                : t('csv.imported', { count: notice.count, file: notice.fileName })}
        </Alert>
      )}
      {fields.map((field, index) => (
        <Card key={field.id} variant="outlined">
          <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Typography
              aria-hidden
              sx={{ fontWeight: 700, color: 'primary.main', minWidth: 24, pt: 2 }}
            >{`${index + 1}`}</Typography>
            <Stack spacing={1.5} sx={{ flex: 1 }}>
              <TextField
                {...form.register(`faqs.${index}.question`, { onChange: recheck(`faqs.${index}.question`) })}
                label={t('fields.question', { number: index + 1 })}
                error={errors.faqs?.[index]?.question !== undefined}
                helperText={errors.faqs?.[index]?.question && t('errors.question')}
                fullWidth
              />
              <TextField
                {...form.register(`faqs.${index}.answer`, { onChange: recheck(`faqs.${index}.answer`) })}
                label={t('fields.answer', { number: index + 1 })}
                error={errors.faqs?.[index]?.answer !== undefined}
                helperText={errors.faqs?.[index]?.answer && t('errors.answer')}
                multiline
                minRows={2}
                fullWidth
              />
            </Stack>
            <IconButton
              aria-label={t('actions.removeQuestion', { number: index + 1 })}
              onClick={() => remove(index)}
            >
              <DeleteOutlineRounded />
            </IconButton>
          </CardContent>
        </Card>
      ))}
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<AddRounded />}
          disabled={fields.length >= LITE_MAX_FAQS}
          onClick={() => {
            append({ question: '', answer: '' });
            // A new, empty pair is not a mistake yet: it is checked once it is left or the step goes on.
            form.clearErrors('faqs');
          }}
        >
          {t('actions.addQuestion')}
        </Button>
        <Button
          variant="text"
          component="label"
          htmlFor={inputId}
          startIcon={<UploadFileRounded />}
          disabled={readCsv.isPending}
        >
          {readCsv.isPending ? t('csv.reading') : t('actions.importCsv')}
          <input id={inputId} hidden type="file" accept=".csv,text/csv" onChange={importCsv} />
        </Button>
        {modelReady && (
          <Button
            variant="text"
            startIcon={<AutoAwesomeRounded />}
            onClick={draftAnswers}
            disabled={draft.isPending || (suggesting && filledCount >= LITE_MAX_FAQS)}
          >
            {draft.isPending
              ? t('draft.working')
              : suggesting
                ? t('actions.suggestQuestions')
                : t('actions.draftAnswers', { count: unanswered.length })}
          </Button>
        )}
      </Stack>
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary">
          {t(catalogue && modelReady ? 'help.csvOrCatalogue' : 'help.csv', { max: LITE_MAX_FAQS })}
        </Typography>
        {modelReady && (
          <Typography variant="body2" color="text.secondary">
            {t('help.draft', { context: stage })}
          </Typography>
        )}
      </Stack>
      {catalogue?.value && (
        <CatalogueCard choice={catalogue.value} onRemove={() => catalogue.onChange(null)} />
      )}
    </Stack>
  );
}

function CatalogueCard({ choice, onRemove }: { choice: CatalogueChoice; onRemove: () => void }) {
  const { t } = useTranslation('lite');
  return (
    <Card
      variant="outlined"
      sx={{ borderColor: 'primary.main' }}
      role="region"
      aria-label={t('catalogue.title')}
    >
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <TableChartRounded color="primary" sx={{ mt: 0.25 }} />
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2">
            {t('catalogue.title')}: {choice.file.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('catalogue.summary', { count: choice.read.rowCount, columns: choice.read.columns.join(', ') })}
          </Typography>
          <Typography variant="body2">{t('catalogue.help')}</Typography>
        </Stack>
        <IconButton aria-label={t('catalogue.remove')} onClick={onRemove}>
          <DeleteOutlineRounded />
        </IconButton>
      </CardContent>
    </Card>
  );
}
