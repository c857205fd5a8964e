import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import type { FlowModule } from '@parley/flow';
import { moduleLooks } from '@parley/modules/panels';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModuleProblems } from '../model/insights';
import { CARD, cardLines, moduleLayout } from '../model/module-layout';
import { useModuleWords } from '../model/module-words';
import { ModuleGlyph } from './module-icons';
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
  /** Zoomed out: the overview layer paints the card, the node is its outline (ModuleHitBox). */
  overview: boolean;
  /** Zoomed out, whether the outline has the handles (the module is hovered, selected or connecting). */
  handles: boolean;
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

/**
 * Zoomed out, the overview layer paints the card (overview-paint.ts) and the node is only the card's
 * outline for the pointer: clicks, drags, hovering and box selection stay React Flow's own. Handles
 * (to draw a connection from or to) are there only on the modules being worked on (`handles`).
 */
function ModuleHitBox({ data }: { data: ModuleNodeData }) {
  const { module, handles } = data;
  const layout = moduleLayout(module);
  return (
    <div
      className="module-node is-overview"
      data-module-id={module.id}
      style={{ height: layout.height, '--module-color': moduleLooks[module.type].color } as CSSProperties}
    >
      {handles && (
        <>
          <Handle type="target" position={Position.Left} className="module-node__input" />
          {layout.ports.map((port, index) => (
            <div
              key={port.id}
              className="module-node__port-anchor"
              data-port={port.id}
              style={{ top: layout.portsTop - CARD.border + CARD.portsRule + index * CARD.port }}
            >
              <Handle type="source" id={port.id} position={Position.Right} className="module-node__output" />
            </div>
          ))}
        </>
      )}
    </div>
  );
}

/**
 * A module on the canvas: its type, name and content at a glance, one handle per output. Plain
 * elements styled by module-node.css: big bots mount hundreds of these at once, and styled
 * components cost about a millisecond each. Its size and handles are moduleLayout's.
 */
export const ModuleNodeView = memo(function ModuleNodeView({ data, selected }: NodeProps<ModuleNode>) {
  const { t } = useTranslation('builder');
  const words = useModuleWords();
  if (data.overview) return <ModuleHitBox data={data} />;
  const { module, isStart, problem, tags, pinnedColor, isHere } = data;
  const { color } = moduleLooks[module.type];
  const lines = cardLines(words.summary(module));
  const ports = words.ports(module);
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
            {words.typeName(module.type)}
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
