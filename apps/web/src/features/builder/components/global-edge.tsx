import { type Flow, type GlobalConnection, triggerSummary } from '@parley/flow';
import {
  BaseEdge,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  getBezierPath,
  type ReactFlowState,
  useStore as useReactFlowStore,
} from '@xyflow/react';
import { memo, useMemo, useRef } from 'react';
import type { Point } from '../model/connection-geometry';
import { type LabelRequest, placeGlobalLabels } from '../model/global-labels';
import { anchorOf, moduleLayout } from '../model/module-layout';
import { GLOBAL_COLOR, GLOBALS_NODE_ID } from './globals-node';

/** A global connection's label: one line, at most this big, so its place can be chosen unmeasured. */
export const GLOBAL_LABEL = { height: 20, maxWidth: 180, padding: 12, fontSize: 11 } as const;
/** Wider than any character of the label's font at its size, so the estimate never falls short. */
const CHARACTER_WIDTH = 7.5;

/** The room a label takes: its text's width at most (it is cut short with an ellipsis past that). */
export const globalLabelWidth = (text: string) =>
  Math.min(GLOBAL_LABEL.maxWidth, Math.ceil(text.length * CHARACTER_WIDTH) + GLOBAL_LABEL.padding);

export type GlobalEdge = Edge<{ globalId: string; label: string; labelAt: Point | null }, 'global'>;

/**
 * A global connection on the canvas: React Flow's curve, dashed, with its label where
 * placeGlobalLabels put it (clear of every module card) instead of halfway along the curve.
 */
export const GlobalEdgeView = memo(function GlobalEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  style,
  markerEnd,
}: EdgeProps<GlobalEdge>) {
  const [path, middleX, middleY] = getBezierPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  const at = data?.labelAt ?? { x: middleX, y: middleY };
  const label = data?.label ?? '';
  return (
    <>
      <BaseEdge id={id} path={path} style={style} markerEnd={markerEnd} />
      {label && (
        <EdgeLabelRenderer>
          <div
            data-global-label={data?.globalId}
            title={label}
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${at.x}px, ${at.y}px)`,
              boxSizing: 'border-box',
              maxWidth: globalLabelWidth(label),
              height: GLOBAL_LABEL.height,
              lineHeight: `${GLOBAL_LABEL.height - 2}px`,
              padding: `0 ${GLOBAL_LABEL.padding / 2}px`,
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'ellipsis',
              fontSize: GLOBAL_LABEL.fontSize,
              fontWeight: 600,
              color: GLOBAL_COLOR,
              background: '#fdf2f8',
              border: `1px solid ${GLOBAL_COLOR}33`,
              borderRadius: 6,
              opacity: style?.opacity,
            }}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

/** What a global connection's label says: its name, else its trigger in a few words. */
export const globalLabelText = (global: GlobalConnection) => global.name || triggerSummary(global.trigger);

const globalsNodeOf = (state: ReactFlowState) => state.nodeLookup.get(GLOBALS_NODE_ID);

/**
 * Where each global connection's label goes (placeGlobalLabels): clear of every module card and
 * of the globals node. Once React Flow has measured the globals node (its outputs are where the
 * lines start); the same map comes back while no label moves, so the edges stay the same objects
 * at every step of a drag elsewhere.
 */
export function useGlobalLabelPlaces(
  flow: Flow,
  show: boolean,
  sizes: Record<string, { width: number; height: number }>,
): Map<string, Point> | null {
  const globalsNode = useReactFlowStore(globalsNodeOf);
  const last = useRef<Map<string, Point> | null>(null);
  const places = useMemo(() => {
    const measured = globalsNode?.measured;
    if (!show || !globalsNode || !measured?.width || !measured.height) return null;
    const origin = globalsNode.internals.positionAbsolute;
    const handles = globalsNode.internals.handleBounds?.source ?? [];
    const byId = new Map(flow.modules.map((module) => [module.id, module]));
    const labels = flow.globalConnections.flatMap((global): LabelRequest[] => {
      const handle = handles.find((candidate) => candidate.id === global.id);
      const target = byId.get(global.target);
      const to = target && anchorOf(target);
      if (!handle || !to) return [];
      const from = { x: origin.x + handle.x + handle.width, y: origin.y + handle.y + handle.height / 2 };
      return [
        {
          id: global.id,
          from,
          to,
          width: globalLabelWidth(globalLabelText(global)),
          height: GLOBAL_LABEL.height,
        },
      ];
    });
    const cards = flow.modules.map((module) => {
      const { width, height } = sizes[module.id] ?? moduleLayout(module).size;
      return {
        minX: module.position.x,
        minY: module.position.y,
        maxX: module.position.x + width,
        maxY: module.position.y + height,
      };
    });
    cards.push({
      minX: origin.x,
      minY: origin.y,
      maxX: origin.x + measured.width,
      maxY: origin.y + measured.height,
    });
    return placeGlobalLabels(labels, cards);
  }, [flow.modules, flow.globalConnections, show, globalsNode, sizes]);
  const previous = last.current;
  const same =
    places !== null &&
    previous !== null &&
    places.size === previous.size &&
    [...places].every(([id, at]) => previous.get(id)?.x === at.x && previous.get(id)?.y === at.y);
  if (!same) last.current = places;
  return last.current;
}
