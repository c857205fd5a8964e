import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
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
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleProblems } from '../model/insights';
import { ModuleGlyph, moduleLooks } from './module-icons';
import './module-node.css';

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
    <span className="module-node__here" data-debug-here>
      {t('debugger.here')}
    </span>
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

/**
 * A module on the canvas: its type, name and content at a glance, one handle per output. Plain
 * elements styled by module-node.css: big bots mount hundreds of these at once, and styled
 * components cost about a millisecond each.
 */
export const ModuleNodeView = memo(function ModuleNodeView({ data, selected }: NodeProps<ModuleNode>) {
  const { t } = useTranslation('builder');
  const { module, isStart, problem, tags, pinnedColor, isHere } = data;
  const definition = definitionOf(module.type);
  const { color } = moduleLooks[module.type];
  const ports = definition.ports(module.content);
  // Zoomed far out the text is unreadable anyway: a light node keeps big bots smooth.
  const compact = useReactFlowStore(zoomedOut);
  if (compact) return <CompactModule data={data} selected={Boolean(selected)} color={color} ports={ports} />;
  const lines = definition.summary(module.content).filter(Boolean).slice(0, 3);
  const look = isHere
    ? 'is-here'
    : selected
      ? 'is-selected'
      : problem?.severity === 'error'
        ? 'has-error'
        : pinnedColor
          ? 'is-pinned'
          : '';
  return (
    <div
      className={`module-node ${look}`}
      data-module-id={module.id}
      data-pinned={pinnedColor ? 'true' : undefined}
      style={{ '--module-color': color, '--pinned-color': pinnedColor } as CSSProperties}
    >
      {isHere && <HereBadge />}
      <Handle type="target" position={Position.Left} className="module-node__input" />
      <div className="module-node__head">
        <span className="module-node__icon">
          <ModuleGlyph type={module.type} size={17} />
        </span>
        <div className="module-node__titles">
          <span className="module-node__type">
            {definition.label}
            {isStart ? ` · ${t('start')}` : ''}
          </span>
          <span className="module-node__name" title={module.name || module.id}>
            {module.name || module.id}
          </span>
        </div>
        {problem && (
          <span
            className={`module-node__problem is-${problem.severity}`}
            data-problem={problem.severity}
            aria-label={t('problems.onModule', { count: problem.messages.length })}
            title={problem.messages.join('\n')}
            role="img"
          >
            {problem.severity === 'error' ? (
              <ErrorOutlineRounded sx={{ fontSize: 18 }} />
            ) : (
              <WarningAmberRounded sx={{ fontSize: 18 }} />
            )}
          </span>
        )}
      </div>
      {tags.length > 0 && (
        <div className="module-node__tags" data-tags>
          {tags.map((tag) => (
            <span
              key={tag.id}
              className="module-node__tag"
              style={{ color: tag.color, background: `${tag.color}1f` }}
            >
              {tag.name}
            </span>
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <div className="module-node__lines">
          {lines.map((line, index) => (
            // Lines are positional: a module's summary in order.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={index} className="module-node__line" title={line}>
              {line}
            </p>
          ))}
        </div>
      )}
      {ports.length > 0 && (
        <div className="module-node__ports">
          {ports.map((port) => (
            <div key={port.id} className="module-node__port" data-port={port.id}>
              <span>{port.label}</span>
              <Handle type="source" id={port.id} position={Position.Right} className="module-node__output" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
