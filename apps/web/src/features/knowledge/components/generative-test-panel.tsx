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

function Result({ result }: { result: GenerativeTestResponse }) {
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
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t('generative.retrieved', { count: result.retrieved.length })}
        </Typography>
        {result.retrieved.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('generative.nothingRetrieved')}
          </Typography>
        ) : (
          <Table size="small" aria-label={t('generative.retrievedTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('generative.source')}</TableCell>
                <TableCell align="right">{t('generative.score')}</TableCell>
                <TableCell>{t('generative.sentHeading')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.retrieved.map((row) => (
                <TableRow key={`${row.sourceId}:${row.kind}:${row.rowNumber}`}>
                  <TableCell>
                    {row.sourceName},{' '}
                    {row.kind === 'chunk'
                      ? row.heading || t('generative.passageNumber', { number: row.rowNumber })
                      : t('generative.rowNumber', { row: row.rowNumber })}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      noWrap
                      sx={{ maxWidth: 220 }}
                    >
                      {row.kind === 'chunk'
                        ? row.text
                        : Object.entries(row.cells)
                            .map(([column, value]) => `${column}: ${value ?? ''}`)
                            .join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    {number.format(row.score)}
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
                      color={row.sent ? 'success' : 'default'}
                      label={row.sent ? t('generative.sent') : t('generative.notSent')}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (question.trim()) test.mutate({ question, settings: { ...settings, enabled: true } });
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
      {test.data && !test.isPending && <Result result={test.data} />}
    </Stack>
  );
}
