import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { PredictIntentResponse } from '@parley/contracts';
import { DEFAULT_NLU_THRESHOLD } from '@parley/modules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { predictIntent } from '../api/builder-api';
import { whenSaved } from '../model/autosave';
import type { BuilderStore } from '../model/builder-store';

type TryState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'asking' }
  | { kind: 'training' }
  | { kind: 'answered'; answer: Exclude<PredictIntentResponse, { status: 'training' }> }
  | { kind: 'failed'; message: string };

/** How often, and how long, to ask again while the model of the intents trains. */
const RETRY_MS = 1000;
const GIVE_UP_AFTER_MS = 120_000;

const percent = (confidence: number) => Math.round(confidence * 100);

/** One predicted intent: its name, a bar and the confidence in per cent. */
function PredictionRow({ intent, confidence, best }: { intent: string; confidence: number; best: boolean }) {
  const { t } = useTranslation('builder');
  return (
    <Box data-prediction={intent} data-confidence={percent(confidence)}>
      <Stack direction="row" alignItems="baseline" spacing={1}>
        <Typography
          variant={best ? 'body1' : 'body2'}
          fontWeight={best ? 700 : 500}
          sx={{ flex: 1, minWidth: 0, fontFamily: 'ui-monospace, monospace' }}
          noWrap
        >
          {intent}
        </Typography>
        <Typography variant={best ? 'body1' : 'body2'} fontWeight={best ? 700 : 500} color="text.secondary">
          {t('intents.try.confidence', { value: percent(confidence) })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent(confidence)}
        color={confidence >= DEFAULT_NLU_THRESHOLD ? 'primary' : 'inherit'}
        aria-label={t('intents.try.confidenceOf', { intent })}
        sx={{ height: best ? 6 : 4, borderRadius: 3, mt: 0.5, color: 'text.disabled' }}
      />
    </Box>
  );
}

function Answer({ answer }: { answer: Exclude<PredictIntentResponse, { status: 'training' }> }) {
  const { t } = useTranslation('builder');
  if (answer.status === 'no-intents') return <Alert severity="info">{t('intents.try.noIntents')}</Alert>;
  if (answer.status === 'refused')
    return <Alert severity="error">{t('intents.try.refused', { reason: answer.reason })}</Alert>;
  const [best, ...others] = answer.predictions;
  if (!best) return <Alert severity="info">{t('intents.try.noMatch')}</Alert>;
  return (
    <Stack
      spacing={1.25}
      role="status"
      aria-label={t('intents.try.result')}
      data-predicted-intent={best.intent}
    >
      <Typography variant="caption" color="text.secondary" fontWeight={700}>
        {t('intents.try.predicted')}
      </Typography>
      <PredictionRow intent={best.intent} confidence={best.confidence} best />
      {best.confidence < DEFAULT_NLU_THRESHOLD && (
        <Typography variant="caption" color="warning.main">
          {t('intents.try.lowConfidence', { threshold: percent(DEFAULT_NLU_THRESHOLD) })}
        </Typography>
      )}
      {others.length > 0 && (
        <>
          <Typography variant="caption" color="text.secondary" fontWeight={700}>
            {t('intents.try.others')}
          </Typography>
          {others.map((prediction) => (
            <PredictionRow key={prediction.intent} {...prediction} best={false} />
          ))}
        </>
      )}
    </Stack>
  );
}

/**
 * Try a message on the bot's intents: once the draft is saved, the server's model of its intents
 * predicts the intent with its confidence. While that model trains, it says so and asks again.
 */
export function IntentTryBox({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const [text, setText] = useState('');
  const [state, setState] = useState<TryState>({ kind: 'idle' });
  // Each try gets a number; a newer try (or leaving the panel) makes an older one stop.
  const current = useRef(0);
  useEffect(
    () => () => {
      current.current++;
    },
    [],
  );

  const run = async (message: string) => {
    const attempt = ++current.current;
    const stale = () => attempt !== current.current;
    const started = Date.now();
    try {
      setState({ kind: 'saving' });
      await whenSaved(store);
      if (stale()) return;
      setState({ kind: 'asking' });
      for (;;) {
        const answer = await predictIntent(store.getState().botId, message);
        if (stale()) return;
        if (answer.status !== 'training') return setState({ kind: 'answered', answer });
        if (Date.now() - started > GIVE_UP_AFTER_MS)
          return setState({ kind: 'failed', message: t('intents.try.tooLong') });
        setState({ kind: 'training' });
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        if (stale()) return;
      }
    } catch (error) {
      if (stale()) return;
      setState({
        kind: 'failed',
        message: isApiError(error) || error instanceof Error ? error.message : String(error),
      });
    }
  };

  const busy = state.kind === 'saving' || state.kind === 'asking' || state.kind === 'training';
  return (
    <Stack spacing={1.5} component="section" aria-label={t('intents.try.title')}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        {t('intents.try.title')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        alignItems="flex-start"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) void run(text.trim());
        }}
      >
        <TextField
          size="small"
          label={t('intents.try.label')}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, 2000))}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" size="small" disabled={!text.trim()} sx={{ mt: 0.5 }}>
          {t('intents.try.button')}
        </Button>
      </Stack>
      {busy && (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={16} />
          <Typography variant="body2" color="text.secondary">
            {state.kind === 'saving'
              ? t('intents.try.saving')
              : state.kind === 'training'
                ? t('intents.try.training')
                : t('intents.try.asking')}
          </Typography>
        </Stack>
      )}
      {state.kind === 'answered' && <Answer answer={state.answer} />}
      {state.kind === 'failed' && <Alert severity="error">{state.message}</Alert>}
    </Stack>
  );
}
