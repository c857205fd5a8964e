import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import type { FlowModule } from '@parley/flow';
import { definitionOf } from '@parley/modules';
import {
  Handle,
  type Node,
  type NodeProps,
  Position,
  type ReactFlowState,
  useStore as useReactFlowStore,
} from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleProblems } from '../model/insights';
import { moduleLooks } from './module-icons';

export type ModuleNodeData = {
  module: FlowModule;
  isStart: boolean;
  /** What the validator says about the module, if anything. */
  problem?: ModuleProblems;
  problemKey?: string;
  tags: { id: string; name: string; color: string }[];
  /** The colour of a pinned tag the module has: it stands out while the tag is pinned. */
  pinnedColor?: string;
  tagKey: string;
  /** The debugger's test conversation is at this module. */
  isHere?: boolean;
};
export type ModuleNode = Node<ModuleNodeData, 'module'>;

/** The debugger's colour: where the test conversation is and the connections its last turn took. */
export const DEBUG_COLOR = '#059669';

/** Marks the module the debugger's conversation is at. */
function HereBadge() {
  const { t } = useTranslation('builder');
  return (
    <Box
      component="span"
      data-debug-here
      sx={{
        position: 'absolute',
        top: -24,
        left: 10,
        px: 1,
        borderRadius: 1,
        fontSize: 11,
        fontWeight: 700,
        lineHeight: '20px',
        color: '#fff',
        bgcolor: DEBUG_COLOR,
      }}
    >
      {t('debugger.here')}
    </Box>
  );
}

const COMPACT_BELOW_ZOOM = 0.45;
const zoomedOut = (state: ReactFlowState) => state.transform[2] < COMPACT_BELOW_ZOOM;

/** The module as a coloured card with its name and outputs, drawn with plain elements. */
function CompactModule({
  data,
  selected,
  color,
  ports,
}: {
  data: ModuleNodeData;
  selected: boolean;
  color: string;
  ports: { id: string }[];
}) {
  const { module, problem, pinnedColor, isHere } = data;
  const border = isHere
    ? DEBUG_COLOR
    : selected
      ? color
      : problem?.severity === 'error'
        ? '#ef4444'
        : (pinnedColor ?? '#cbd5e1');
  return (
    <div
      data-module-id={module.id}
      data-pinned={pinnedColor ? 'true' : undefined}
      style={{
        position: 'relative',
        width: 260,
        background: '#fff',
        border: `3px solid ${border}`,
        borderRadius: 12,
        boxShadow: isHere ? `0 0 0 8px ${DEBUG_COLOR}55` : selected ? `0 0 0 6px ${color}55` : undefined,
      }}
    >
      {isHere && <HereBadge />}
      <Handle
        type="target"
        position={Position.Left}
        style={{ top: 26, width: 14, height: 14, background: color }}
      />
      <div
        style={{
          height: 52,
          padding: '0 14px',
          display: 'flex',
          alignItems: 'center',
          background: `${color}1f`,
          color,
          fontSize: 22,
          fontWeight: 700,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          borderRadius: '9px 9px 0 0',
        }}
      >
        {module.name || module.id}
      </div>
      {ports.map((port) => (
        <div key={port.id} style={{ position: 'relative', height: 24 }} data-port={port.id}>
          <Handle
            type="source"
            id={port.id}
            position={Position.Right}
            style={{ width: 12, height: 12, background: '#fff', border: `3px solid ${color}` }}
          />
        </div>
      ))}
    </div>
  );
}

/** A module on the canvas: its type, name and content at a glance, one handle per output. */
export const ModuleNodeView = memo(function ModuleNodeView({ data, selected }: NodeProps<ModuleNode>) {
  const { t } = useTranslation('builder');
  const { module, isStart, problem, tags, pinnedColor, isHere } = data;
  const definition = definitionOf(module.type);
  const { icon: Icon, color } = moduleLooks[module.type];
  const ports = definition.ports(module.content);
  // Zoomed far out the text is unreadable anyway: a light node keeps big bots smooth.
  const compact = useReactFlowStore(zoomedOut);
  if (compact) return <CompactModule data={data} selected={Boolean(selected)} color={color} ports={ports} />;
  const lines = definition.summary(module.content).filter(Boolean).slice(0, 3);
  return (
    <Box
      data-module-id={module.id}
      data-pinned={pinnedColor ? 'true' : undefined}
      sx={{
        position: 'relative',
        width: 260,
        bgcolor: 'background.paper',
        border: '1.5px solid',
        borderColor: isHere
          ? DEBUG_COLOR
          : selected
            ? color
            : problem?.severity === 'error'
              ? '#ef4444'
              : '#e2e8f0',
        borderRadius: 3,
        boxShadow: isHere
          ? `0 0 0 4px ${DEBUG_COLOR}40`
          : selected
            ? `0 0 0 3px ${color}33`
            : pinnedColor
              ? `0 0 0 4px ${pinnedColor}66`
              : '0 1px 3px rgba(15,23,42,0.08)',
        fontSize: 13,
      }}
    >
      {isHere && <HereBadge />}
      <Handle
        type="target"
        position={Position.Left}
        style={{ top: 22, width: 10, height: 10, background: color }}
      />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 1.5, pt: 1.25, pb: 0.75 }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 26,
            height: 26,
            borderRadius: 1.5,
            bgcolor: `${color}1a`,
            color,
          }}
        >
          <Icon sx={{ fontSize: 17 }} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="caption" sx={{ color, fontWeight: 700, display: 'block', lineHeight: 1.2 }}>
            {definition.label}
            {isStart ? ` · ${t('start')}` : ''}
          </Typography>
          <Typography variant="body2" fontWeight={650} noWrap title={module.name || module.id}>
            {module.name || module.id}
          </Typography>
        </Box>
        {problem && (
          <Tooltip
            title={problem.messages.join('\n')}
            slotProps={{ tooltip: { sx: { whiteSpace: 'pre-line' } } }}
          >
            <Box
              data-problem={problem.severity}
              aria-label={t('problems.onModule', { count: problem.messages.length })}
              role="img"
              sx={{ display: 'flex', color: problem.severity === 'error' ? 'error.main' : 'warning.main' }}
            >
              {problem.severity === 'error' ? (
                <ErrorOutlineRounded sx={{ fontSize: 18 }} />
              ) : (
                <WarningAmberRounded sx={{ fontSize: 18 }} />
              )}
            </Box>
          </Tooltip>
        )}
      </Stack>
      {tags.length > 0 && (
        <Stack direction="row" flexWrap="wrap" gap={0.5} sx={{ px: 1.5, pb: 0.75 }} data-tags>
          {tags.map((tag) => (
            <Box
              key={tag.id}
              component="span"
              sx={{
                px: 0.75,
                borderRadius: 1,
                fontSize: 11,
                fontWeight: 600,
                lineHeight: '18px',
                color: tag.color,
                bgcolor: `${tag.color}1f`,
              }}
            >
              {tag.name}
            </Box>
          ))}
        </Stack>
      )}
      {lines.length > 0 && (
        <Box sx={{ px: 1.5, pb: 1 }}>
          {lines.map((line, index) => (
            <Typography
              // Lines are positional: a module's summary in order.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              variant="body2"
              color="text.secondary"
              noWrap
              sx={{ fontSize: 12.5 }}
              title={line}
            >
              {line}
            </Typography>
          ))}
        </Box>
      )}
      {ports.length > 0 && (
        <Box sx={{ borderTop: '1px solid #f1f5f9' }}>
          {ports.map((port) => (
            <Box
              key={port.id}
              sx={{ position: 'relative', px: 1.5, py: 0.5, textAlign: 'right' }}
              data-port={port.id}
            >
              <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block', pr: 0.5 }}>
                {port.label}
              </Typography>
              <Handle
                type="source"
                id={port.id}
                position={Position.Right}
                style={{ width: 10, height: 10, background: '#fff', border: `2px solid ${color}` }}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
});
