import ExpandMore from '@mui/icons-material/ExpandMore';
import Send from '@mui/icons-material/Send';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { GenerativeSettings, GenerativeTestResponse } from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { BotMarkdown } from '../../../shared/ui/bot-markdown';
import { CitationList } from '../../../shared/ui/citation-list';
import { useTestGenerative } from '../api/generative';

type RetrievedRow = GenerativeTestResponse['retrieved'][number];

const reasonColor = { sent: 'success', 'not-in-top-k': 'default', 'below-minimum': 'warning' } as const;

/** What a row is, for a person: its source and row (or passage), then its cells or text. */
function RowSource({ row }: { row: RetrievedRow }) {
  const { t } = useTranslation('webchat');
  const detail =
    row.kind === 'chunk'
      ? row.text
      : Object.entries(row.cells)
          .map(([column, value]) => `${column}: ${value ?? ''}`)
          .join(' · ');
  return (
    <>
      <Typography variant="body2" noWrap>
        {row.sourceName},{' '}
        {row.kind === 'chunk'
          ? row.heading || t('generative.passageNumber', { number: row.rowNumber })
          : t('generative.rowNumber', { row: row.rowNumber })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap title={detail ?? ''}>
        {detail}
      </Typography>
    </>
  );
}

/**
 * The rows retrieval found, in the order that decides which are sent (the fused rank), each with
 * the server's reason for sending it or not. Fixed columns, so the last one stays in the card.
 */
function RetrievedTable({ result, minScore }: { result: GenerativeTestResponse; minScore: number }) {
  const { t, i18n } = useTranslation('webchat');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const fused = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const rows = [...result.retrieved].sort((a, b) => a.rank - b.rank);
  return (
    <Table
      size="small"
      aria-label={t('generative.retrievedTable')}
      // Fixed columns with narrow padding: the source takes what is left and the reasons stay in.
      sx={{ tableLayout: 'fixed', '& th, & td': { px: 1 }, '& td': { verticalAlign: 'top' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 64 }}>{t('generative.rank')}</TableCell>
          <TableCell>{t('generative.source')}</TableCell>
          <TableCell align="right" sx={{ width: 112 }}>
            {t('generative.score')}
          </TableCell>
          <TableCell sx={{ width: 132 }}>{t('generative.sentHeading')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.sourceId}:${row.kind}:${row.rowNumber}`}>
            <TableCell>
              <Typography variant="body2">{row.rank}</Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                noWrap
                title={t('generative.fused', { score: fused.format(row.fusedScore) })}
              >
                {fused.format(row.fusedScore)}
              </Typography>
            </TableCell>
            <TableCell>
              <RowSource row={row} />
            </TableCell>
            <TableCell align="right">
              <Typography variant="body2">{number.format(row.score)}</Typography>
              {row.vectorScore !== null && (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {t('generative.scoreWords', { score: number.format(row.textScore) })}
                  <br />
                  {t('generative.scoreMeaning', { score: number.format(row.vectorScore) })}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                color={reasonColor[row.reason]}
                variant={row.reason === 'sent' ? 'filled' : 'outlined'}
                label={t(`generative.reason.${row.reason}`, {
                  limit: result.sentLimit,
                  min: number.format(minScore),
                })}
                // Long labels wrap inside the column rather than widen it.
                sx={{
                  height: 'auto',
                  maxWidth: '100%',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Result({ result, minScore }: { result: GenerativeTestResponse; minScore: number }) {
  const { t, i18n } = useTranslation('webchat');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  return (
    <Stack spacing={2} aria-label={t('generative.result')}>
      {result.outcome === 'no-match' ? (
        <Alert severity="info">{t('generative.noMatch')}</Alert>
      ) : (
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 2 }} data-testid="generative-answer">
          <BotMarkdown text={result.answer} />
          {result.citations.length > 0 && (
            <CitationList citations={result.citations} label={t('generative.citationsList')} />
          )}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {[
          result.model,
          result.tokens
            ? t('generative.tokens', { prompt: result.tokens.prompt, completion: result.tokens.completion })
            : null,
          t('generative.timing', { total: Math.round(result.durationMs), retrieval: result.retrievalMs }),
          t(result.semantic ? 'generative.searched.both' : 'generative.searched.words'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('generative.retrieved', { count: result.retrieved.length })}
        </Typography>
        {result.retrieved.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('generative.nothingRetrieved')}
          </Typography>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {t('generative.rankHelp', { limit: result.sentLimit, min: number.format(minScore) })}
            </Typography>
            <RetrievedTable result={result} minScore={minScore} />
          </>
        )}
      </Box>
      {result.prompt && (
        <Accordion disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography variant="subtitle2">{t('generative.prompt')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Box
              component="pre"
              sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 13, fontFamily: 'ui-monospace, monospace' }}
            >
              {`${result.prompt.system}\n\n${result.prompt.user}`}
            </Box>
          </AccordionDetails>
        </Accordion>
      )}
    </Stack>
  );
}

/** The test panel: a question asked under the settings as the form holds them. */
export function GenerativeTestPanel({ botId, settings }: { botId: string; settings: GenerativeSettings }) {
  const { t } = useTranslation('webchat');
  const [question, setQuestion] = useState('');
  const test = useTestGenerative(botId);
  // The minimum the shown answer was asked under (the form may have changed since).
  const [asked, setAsked] = useState<number | null>(null);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    setAsked(settings.minScore);
    test.mutate({ question, settings: { ...settings, enabled: true } });
  };
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h3" component="h2">
          {t('generative.testTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('generative.testSubtitle')}
        </Typography>
      </div>
      <Stack direction="row" spacing={1} component="form" onSubmit={ask}>
        <TextField
          fullWidth
          size="small"
          label={t('generative.question')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button
          type="submit"
          variant="contained"
          endIcon={<Send />}
          disabled={test.isPending || !question.trim()}
        >
          {t('generative.ask')}
        </Button>
      </Stack>
      {test.isPending && <LinearProgress aria-label={t('generative.asking')} />}
      {test.error && (
        <Alert severity="error">
          {isApiError(test.error) ? test.error.message : t('generative.testFailed')}
        </Alert>
      )}
      {test.data && !test.isPending && <Result result={test.data} minScore={asked ?? settings.minScore} />}
    </Stack>
  );
}
