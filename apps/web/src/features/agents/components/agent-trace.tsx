import BuildRounded from '@mui/icons-material/BuildRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ExitToAppRounded from '@mui/icons-material/ExitToAppRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PsychologyRounded from '@mui/icons-material/PsychologyRounded';
import SpeedRounded from '@mui/icons-material/SpeedRounded';
import TextsmsRounded from '@mui/icons-material/TextsmsRounded';
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Stack, Typography } from '@mui/material';
import type { AgentRun, AgentStep } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Code({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.50',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: 12,
        overflow: 'auto',
        maxHeight: 240,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Box>
  );
}

function StepRow({
  icon,
  title,
  meta,
  failed,
  children,
}: {
  icon: ReactNode;
  title: string;
  meta?: string;
  failed?: boolean;
  children?: ReactNode;
}) {
  const header = (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ width: '100%', minWidth: 0 }}>
      <Box sx={{ color: failed ? 'error.main' : 'primary.main', display: 'flex' }}>{icon}</Box>
      <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      {meta && (
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {meta}
        </Typography>
      )}
    </Stack>
  );
  if (!children) return <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>{header}</Box>;
  return (
    <Accordion
      disableGutters
      elevation={0}
      square
      sx={{ borderBottom: 1, borderColor: 'divider', '&:before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreRounded />} sx={{ minHeight: 44 }}>
        {header}
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={1}>{children}</Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function Step({ step }: { step: AgentStep }) {
  const { t } = useTranslation('agents');
  switch (step.kind) {
    case 'model':
      return (
        <StepRow
          icon={<PsychologyRounded fontSize="small" />}
          title={
            step.error
              ? t('trace.modelFailed')
              : step.toolCalls.length
                ? t('trace.modelTools', { tools: step.toolCalls.map((call) => call.name).join(', ') })
                : t('trace.modelAnswer')
          }
          meta={t('trace.modelMeta', {
            prompt: step.promptTokens,
            completion: step.completionTokens,
            ms: step.durationMs,
          })}
          failed={step.error !== null}
        >
          {step.error && <Code value={`${step.error.name}: ${step.error.message}`} />}
          {step.text && <Code value={step.text} />}
          <Typography variant="caption" color="text.secondary">
            {t('trace.model', { model: step.model || t('trace.defaultModel') })}
          </Typography>
        </StepRow>
      );
    case 'tool':
      return (
        <StepRow
          icon={
            step.status === 'ok' ? (
              <BuildRounded fontSize="small" />
            ) : (
              <ErrorOutlineRounded fontSize="small" />
            )
          }
          title={
            step.error
              ? t('trace.toolFailed', { name: step.name, error: step.error.name })
              : t('trace.tool', { name: step.name })
          }
          meta={t('trace.ms', { ms: step.durationMs })}
          failed={step.status === 'failed'}
        >
          <Typography variant="caption" color="text.secondary">
            {t('trace.arguments')}
          </Typography>
          <Code value={step.arguments} />
          <Typography variant="caption" color="text.secondary">
            {step.error ? t('trace.error') : t('trace.result')}
          </Typography>
          <Code value={step.error ? step.error.message : step.result} />
        </StepRow>
      );
    case 'answer':
      return (
        <StepRow
          icon={<TextsmsRounded fontSize="small" />}
          title={t('trace.answer')}
          meta={step.text.slice(0, 60)}
        />
      );
    case 'exit':
      return (
        <StepRow
          icon={<ExitToAppRounded fontSize="small" />}
          title={t('trace.exit', { exit: t(`exit.${step.exit}`) })}
          meta={step.reason}
          failed={step.exit === 'failed'}
        />
      );
    case 'limit':
      return (
        <StepRow
          icon={<SpeedRounded fontSize="small" />}
          title={t(`trace.limit.${step.limit}`)}
          meta={step.message}
          failed
        />
      );
  }
}

/** Every step of a run: model calls (tokens, time), tool calls (arguments, result, status, time), the end. */
export function AgentTrace({ run }: { run: AgentRun }) {
  const { t } = useTranslation('agents');
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Chip
          size="small"
          color={run.outcome === 'failed' ? 'error' : 'success'}
          label={t(`outcome.${run.outcome}`)}
        />
        <Chip
          size="small"
          variant="outlined"
          label={t('trace.tokens', { count: run.promptTokens + run.completionTokens })}
        />
        <Chip
          size="small"
          variant="outlined"
          label={t('trace.toolCalls', { count: run.toolCalls, failed: run.toolFailures })}
        />
        <Chip size="small" variant="outlined" label={t('trace.ms', { ms: run.durationMs })} />
      </Stack>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          '& > :last-child': { borderBottom: 0 },
        }}
      >
        {run.steps.map((step, index) => (
          // Steps have no id of their own; a run's trace never changes once made.
          // biome-ignore lint/suspicious/noArrayIndexKey: a trace is fixed once run
          <Step key={index} step={step} />
        ))}
      </Box>
    </Box>
  );
}
