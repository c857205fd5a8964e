import BuildOutlined from '@mui/icons-material/BuildOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import { Box, Stack, Typography } from '@mui/material';
import type { ConversationEventData, EVENT, InboxEvent } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { ExpandableEvent } from './expandable-event';
import { responseText } from './format';

type Data = ConversationEventData<typeof EVENT.AgentTurn>;

const codeSx = {
  m: 0,
  mt: 0.5,
  p: 1,
  maxHeight: 200,
  overflow: 'auto',
  bgcolor: 'background.paper',
  border: '1px solid',
  borderColor: 'divider',
  borderRadius: 1.5,
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** One step of the agent's turn: a tool call with its arguments and result, or a model call, an exit… */
function Step({ step }: { step: Data['steps'][number] }) {
  const { t } = useTranslation('inbox');
  const failed = step.status === 'failed';
  if (step.kind === 'tool')
    return (
      <Box data-testid="agent-step" data-kind="tool" data-status={step.status}>
        <Stack direction="row" spacing={0.75} alignItems="center">
          <BuildOutlined sx={{ fontSize: 15, color: failed ? 'error.main' : 'success.main' }} />
          <Typography variant="body2" fontWeight={600} sx={{ fontFamily: 'monospace' }}>
            {step.name}
          </Typography>
          <Typography variant="caption" color={failed ? 'error.main' : 'text.secondary'}>
            {failed
              ? t('event.agentToolFailed', { error: step.error ?? '' })
              : t('event.agentToolOk', { ms: step.durationMs ?? 0 })}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" fontWeight={600}>
          {t('event.agentArguments')}
        </Typography>
        <Box component="pre" sx={codeSx}>
          {responseText(step.arguments)}
        </Box>
        {/* A failed call may still have an answer worth reading (an error status's body). */}
        {(!failed || (step.result !== undefined && step.result !== null)) && (
          <>
            <Typography variant="caption" color="text.secondary" fontWeight={600}>
              {t('event.agentResult')}
            </Typography>
            <Box component="pre" sx={codeSx}>
              {responseText(step.result)}
            </Box>
          </>
        )}
      </Box>
    );
  if (step.kind === 'answer')
    return (
      <Box data-testid="agent-step" data-kind="answer">
        <Typography variant="body2" color="text.secondary">
          {t('event.agentAnswer')}
        </Typography>
        {step.text && (
          <Typography variant="body2" sx={{ mt: 0.25, pl: 1, borderLeft: 2, borderColor: 'divider' }}>
            {step.text}
          </Typography>
        )}
      </Box>
    );
  const words =
    step.kind === 'model'
      ? failed
        ? t('event.agentModelFailed', { error: step.error ?? '' })
        : step.promptTokens !== undefined
          ? t('event.agentModelTokens', {
              ms: step.durationMs ?? 0,
              prompt: step.promptTokens,
              completion: step.completionTokens ?? 0,
            })
          : t('event.agentModel', { ms: step.durationMs ?? 0 })
      : step.kind === 'exit'
        ? t('event.agentExit', {
            exit: t(
              `event.agentOutcome.${step.name === 'done' || step.name === 'handoff' ? step.name : 'failed'}`,
            ),
            reason: step.text ?? '',
          })
        : t('event.agentLimit', { message: step.text ?? '' });
  return (
    <Typography
      data-testid="agent-step"
      data-kind={step.kind}
      variant="body2"
      color={failed ? 'error.main' : 'text.secondary'}
    >
      {words}
    </Typography>
  );
}

/**
 * What an agent did in one turn, step by step: model calls (tokens, time), tool calls (arguments,
 * result, status, time), its answer and how it left. The builder's debugger shows the same.
 */
export function AgentTurnSteps({ data }: { data: Data }) {
  return (
    <Stack spacing={1.25}>
      {data.failure && (
        <Typography variant="body2" color="error.main">
          {data.failure}
        </Typography>
      )}
      {data.steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one turn never change
        <Step key={index} step={step} />
      ))}
    </Stack>
  );
}

/** An AI agent's turn in the conversation: how it ended, and each of its steps and tool calls. */
export function AgentTurnEvent({ event, data }: { event: InboxEvent; data: Data }) {
  const { t } = useTranslation('inbox');
  const tools = data.steps.filter((step) => step.kind === 'tool');
  const failed = data.outcome === 'failed';
  const label = t('event.agentTurn', {
    agent: data.agent,
    outcome: t(`event.agentOutcome.${data.outcome}`),
    count: tools.length,
  });
  return (
    <ExpandableEvent
      event={event}
      name={event.name}
      attributes={{ 'data-outcome': data.outcome }}
      look={
        failed ? { border: '#fecaca', background: '#fef2f2' } : { border: '#ddd6fe', background: '#f5f3ff' }
      }
      icon={<SmartToyOutlined sx={{ color: failed ? 'error.main' : '#7c3aed', fontSize: 18 }} />}
      label={label}
    >
      <AgentTurnSteps data={data} />
    </ExpandableEvent>
  );
}
