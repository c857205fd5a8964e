import type { Flow, FlowModule, GlobalConnection } from '@parley/flow';
import { definitionOf } from '@parley/modules';

/**
 * Edits of the flow document as pure functions: each returns a new flow and keeps every module
 * it did not change as the same object, so the canvas re-renders only what changed.
 */

const withModules = (flow: Flow, modules: FlowModule[]): Flow => ({ ...flow, modules });

export function moveModules(flow: Flow, positions: Record<string, { x: number; y: number }>): Flow {
  return withModules(
    flow,
    flow.modules.map((module) => {
      const position = positions[module.id];
      return position && (position.x !== module.position.x || position.y !== module.position.y)
        ? { ...module, position: { x: Math.round(position.x), y: Math.round(position.y) } }
        : module;
    }),
  );
}

/** Removes modules and every connection into them; the start module stays. */
export function removeModules(flow: Flow, ids: Iterable<string>): Flow {
  const removed = new Set(ids);
  removed.delete(flow.startModuleId);
  if (removed.size === 0) return flow;
  return withModules(
    flow,
    flow.modules
      .filter((module) => !removed.has(module.id))
      .map((module) =>
        module.connections.some((connection) => removed.has(connection.target))
          ? {
              ...module,
              connections: module.connections.filter((connection) => !removed.has(connection.target)),
            }
          : module,
      ),
  );
}

/** A port leads to one module: connecting it again replaces where it led. */
export function connect(flow: Flow, link: { source: string; port: string; target: string }): Flow {
  if (link.source === link.target && link.port === 'next') return flow;
  return withModules(
    flow,
    flow.modules.map((module) => {
      if (module.id !== link.source) return module;
      const others = module.connections.filter((connection) => connection.port !== link.port);
      const id = newConnectionId(connectionIdsOf(flow), `${link.source}-${link.port}`);
      return { ...module, connections: [...others, { id, port: link.port, target: link.target }] };
    }),
  );
}

export function disconnect(flow: Flow, connectionIds: Iterable<string>): Flow {
  const removed = new Set(connectionIds);
  if (removed.size === 0) return flow;
  return withModules(
    flow,
    flow.modules.map((module) =>
      module.connections.some((connection) => removed.has(connection.id))
        ? { ...module, connections: module.connections.filter((connection) => !removed.has(connection.id)) }
        : module,
    ),
  );
}

/** The first id `make(n)` (n = `from`, `from` + 1, …) not in `taken`; it is added to `taken`. */
export function freeId(taken: Set<string>, make: (n: number) => string, from = 1): string {
  let n = from;
  while (taken.has(make(n))) n++;
  const id = make(n);
  taken.add(id);
  return id;
}

export const connectionIdsOf = (flow: Flow) =>
  new Set(flow.modules.flatMap((module) => module.connections.map((connection) => connection.id)));

/** A connection id from `base` (its port and module), free among `taken`. */
export function newConnectionId(taken: Set<string>, base: string): string {
  const clean = base.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 56);
  return taken.has(clean) ? freeId(taken, (n) => `${clean}-${n}`, 2) : freeId(taken, () => clean);
}

/** A module id of `type` free among `taken` (`text-4`); counting starts after the modules there are. */
export const newModuleId = (taken: Set<string>, type: FlowModule['type']) =>
  freeId(taken, (n) => `${type}-${n}`, taken.size + 1);

/** The top-left corner of a group of modules. */
export const topLeftOf = (modules: FlowModule[]) => ({
  x: Math.min(...modules.map((module) => module.position.x)),
  y: Math.min(...modules.map((module) => module.position.y)),
});

/**
 * A new module of `type` at `position`, named and filled as `fresh` says (the builder passes its
 * type's name and new content in the user's language; English otherwise); its id is new in the flow.
 */
export function addModule(
  flow: Flow,
  type: FlowModule['type'],
  position: { x: number; y: number },
  fresh: { name: string; content: unknown } = {
    name: definitionOf(type).words.type,
    content: definitionOf(type).defaults,
  },
): { flow: Flow; id: string } {
  const id = newModuleId(new Set(flow.modules.map((module) => module.id)), type);
  const module = {
    id,
    type,
    name: fresh.name,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    tags: [],
    connections: [],
    isGoal: false,
    content: structuredClone(fresh.content),
  } as FlowModule;
  return { flow: withModules(flow, [...flow.modules, module]), id };
}

export type ModulePatch = Partial<Pick<FlowModule, 'name' | 'isGoal' | 'goalValue' | 'tags'>> & {
  content?: unknown;
};

/**
 * Changes a module's name, goal or content. Connections from ports the new content no longer has
 * (a removed button, branch or intent) go with them: nothing can follow them any more.
 */
export function updateModule(flow: Flow, id: string, patch: ModulePatch): Flow {
  return withModules(
    flow,
    flow.modules.map((module) => {
      if (module.id !== id) return module;
      const next = { ...module, ...patch } as FlowModule;
      if (patch.content === undefined) return next;
      const ports = new Set(
        definitionOf(next.type)
          .ports(next.content)
          .map((port) => port.id),
      );
      const connections = next.connections.filter((connection) => ports.has(connection.port));
      return connections.length === next.connections.length ? next : { ...next, connections };
    }),
  );
}

const withGlobals = (flow: Flow, globalConnections: GlobalConnection[]): Flow => ({
  ...flow,
  globalConnections,
});

const newGlobalId = (flow: Flow) =>
  freeId(
    new Set(flow.globalConnections.map((global) => global.id)),
    (n) => `global-${n}`,
    flow.globalConnections.length + 1,
  );

/** A new global connection: a keyword trigger leading to `target`. */
export function addGlobalConnection(flow: Flow, target: string, name: string): { flow: Flow; id: string } {
  const id = newGlobalId(flow);
  const global: GlobalConnection = {
    id,
    name,
    trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
    target,
    actions: [],
    enabled: true,
    priority: 0,
  };
  return { flow: withGlobals(flow, [...flow.globalConnections, global]), id };
}

export function updateGlobalConnection(flow: Flow, id: string, global: GlobalConnection): Flow {
  return withGlobals(
    flow,
    flow.globalConnections.map((current) => (current.id === id ? global : current)),
  );
}

export function removeGlobalConnection(flow: Flow, id: string): Flow {
  return withGlobals(
    flow,
    flow.globalConnections.filter((global) => global.id !== id),
  );
}

/** A copy right after the original, with a new id and "(copy)" after its name. */
export function cloneGlobalConnection(
  flow: Flow,
  id: string,
  copySuffix: string,
): { flow: Flow; id: string } {
  const index = flow.globalConnections.findIndex((global) => global.id === id);
  const original = flow.globalConnections[index];
  if (!original) return { flow, id };
  const copy = {
    ...structuredClone(original),
    id: newGlobalId(flow),
    name: `${original.name || original.id} ${copySuffix}`.slice(0, 120),
  };
  const globals = [...flow.globalConnections];
  globals.splice(index + 1, 0, copy);
  return { flow: withGlobals(flow, globals), id: copy.id };
}

/** Tag colours offered when creating a tag. */
export const TAG_COLORS = [
  '#6366f1',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#ec4899',
  '#8b5cf6',
  '#64748b',
];

export function addTag(flow: Flow, name: string, color: string): { flow: Flow; id: string } {
  const taken = new Set(flow.tags.map((tag) => tag.id));
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'tag';
  const id = taken.has(base) ? freeId(taken, (n) => `${base}-${n}`, 2) : base;
  return { flow: { ...flow, tags: [...flow.tags, { id, name: name.trim(), color }] }, id };
}

/** Removes a tag and takes it off every module. */
export function removeTag(flow: Flow, id: string): Flow {
  return {
    ...flow,
    tags: flow.tags.filter((tag) => tag.id !== id),
    modules: flow.modules.map((module) =>
      module.tags.includes(id) ? { ...module, tags: module.tags.filter((tag) => tag !== id) } : module,
    ),
  };
}
