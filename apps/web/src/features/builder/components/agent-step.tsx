import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { Box, Collapse, Stack, Typography } from '@mui/material';
import type { TraceEntry } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentTurnSteps } from '../../inbox/components/agent-turn-event';

/**
 * An Agent module's turn in the debugger: how it ended and, one click away, each model call
 * (tokens, time) and tool call (arguments, result, status, time), as the inbox shows them.
 * Open at first when the turn failed: that is when its steps are read.
 */
export function AgentStep({ agent }: { agent: NonNullable<TraceEntry['agent']> }) {
  const { t } = useTranslation(['builder', 'inbox']);
  const [open, setOpen] = useState(agent.outcome === 'failed');
  const tools = agent.steps.filter((step) => step.kind === 'tool');
  const failed = agent.outcome === 'failed' || tools.some((step) => step.status === 'failed');
  return (
    <Box data-step-agent={agent.outcome}>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          width: '100%',
          p: 0,
          border: 0,
          bgcolor: 'transparent',
          font: 'inherit',
          textAlign: 'left',
          cursor: 'pointer',
          color: failed ? 'error.main' : 'text.primary',
        }}
      >
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {t('inbox:event.agentTurn', {
            agent: agent.agent,
            outcome: t(`inbox:event.agentOutcome.${agent.outcome}`),
            count: tools.length,
          })}
        </Typography>
        {open ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
      </Box>
      <Collapse in={open} unmountOnExit>
        <Stack sx={{ mt: 0.75, p: 1, borderRadius: 1.5, bgcolor: '#f5f3ff', border: '1px solid #ddd6fe' }}>
          <AgentTurnSteps data={agent} />
        </Stack>
      </Collapse>
    </Box>
  );
}
