import type { Flow, FlowModule } from '@parley/flow';
import { z } from 'zod';
import { connectionIdsOf, newConnectionId, newModuleId, topLeftOf } from './flow-edits';

/** What Copy puts on the builder's clipboard: modules, the connections among them, their tags. */
export interface ModuleClipboard {
  kind: 'parley/modules';
  version: 1;
  sourceBotId: string;
  modules: FlowModule[];
  tags: Flow['tags'];
}

/** The clipboard lives in localStorage, so another tab or another bot can paste it. */
const STORAGE_KEY = 'parley.builder.clipboard';

const clipboardSchema = z.object({
  kind: z.literal('parley/modules'),
  version: z.literal(1),
  sourceBotId: z.string(),
  modules: z.array(z.any()),
  tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
});

export function copyModules(flow: Flow, ids: Iterable<string>, sourceBotId: string): ModuleClipboard | null {
  const chosen = new Set(ids);
  const modules = flow.modules.filter((module) => chosen.has(module.id));
  if (modules.length === 0) return null;
  const used = new Set(modules.flatMap((module) => module.tags));
  return {
    kind: 'parley/modules',
    version: 1,
    sourceBotId,
    modules: structuredClone(modules),
    tags: flow.tags.filter((tag) => used.has(tag.id)),
  };
}

export function writeClipboard(clip: ModuleClipboard): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(clip));
}

export function readClipboard(): ModuleClipboard | null {
  const text = localStorage.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const parsed = clipboardSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as ModuleClipboard) : null;
  } catch {
    return null;
  }
}

/**
 * Pastes copied modules into `flow`: each gets a new id (the ids it would get if added), the
 * connections among them follow the new ids, connections to modules that were not copied are
 * dropped, tags the bot lacks come along, and the group keeps its shape with its top-left corner
 * at `at`. Returns the new flow and the pasted modules' ids.
 */
export function pasteModules(
  flow: Flow,
  clip: ModuleClipboard,
  at: { x: number; y: number },
): { flow: Flow; ids: string[] } {
  const taken = new Set(flow.modules.map((module) => module.id));
  const renamed = new Map(clip.modules.map((module) => [module.id, newModuleId(taken, module.type)]));
  const connectionIds = connectionIdsOf(flow);
  const corner = topLeftOf(clip.modules);
  const tagIds = new Set(flow.tags.map((tag) => tag.id));
  const pasted = clip.modules.map((module) => {
    const id = renamed.get(module.id) as string;
    return {
      ...structuredClone(module),
      id,
      position: {
        x: Math.round(at.x + module.position.x - corner.x),
        y: Math.round(at.y + module.position.y - corner.y),
      },
      connections: module.connections.flatMap((connection) => {
        const target = renamed.get(connection.target);
        return target
          ? [
              {
                id: newConnectionId(connectionIds, `${id}-${connection.port}`),
                port: connection.port,
                target,
              },
            ]
          : [];
      }),
    } as FlowModule;
  });
  return {
    flow: {
      ...flow,
      modules: [...flow.modules, ...pasted],
      tags: [...flow.tags, ...clip.tags.filter((tag) => !tagIds.has(tag.id))],
    },
    ids: pasted.map((module) => module.id),
  };
}
