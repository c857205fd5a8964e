import type { Flow } from '@parley/flow';

/** Deep equality of JSON values, whatever order their keys were written in. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  return (
    keys.length === Object.keys(right).filter((key) => right[key] !== undefined).length &&
    keys.every((key) => sameValue(left[key], right[key]))
  );
}

/** One value merged three ways: a side that did not change it takes the other's; both changed: a conflict. */
function pick<T>(base: T, theirs: T, ours: T): { value: T; conflict: boolean } {
  if (sameValue(ours, base) || sameValue(ours, theirs)) return { value: theirs, conflict: false };
  if (sameValue(theirs, base)) return { value: ours, conflict: false };
  return { value: ours, conflict: true };
}

const keyOf = (item: { id?: string; name?: string }) => item.id ?? item.name ?? '';

/** A list of items with ids (or names) merged item by item; theirs set the order, our new ones follow. */
function mergeList<T extends { id?: string; name?: string }>(
  base: T[],
  theirs: T[],
  ours: T[],
  onConflict: (item: T) => void,
): T[] {
  const byKey = (items: T[]) => new Map(items.map((item) => [keyOf(item), item]));
  const [b, t, o] = [byKey(base), byKey(theirs), byKey(ours)];
  const keys = [...new Set([...t.keys(), ...o.keys(), ...b.keys()])];
  const merged: T[] = [];
  for (const key of keys) {
    const { value, conflict } = pick(b.get(key), t.get(key), o.get(key));
    if (conflict) onConflict((o.get(key) ?? t.get(key)) as T);
    if (value !== undefined) merged.push(value);
  }
  return merged;
}

export interface MergeResult {
  flow: Flow;
  /** Names of what both sides changed differently: ours was kept. */
  conflicts: string[];
}

/**
 * Merges our unsaved edits into someone else's newer save. Both started from `base` (the draft as
 * the server last had it for us). Each module, global connection, tag, variable and intent, and
 * each setting, is taken from whichever side changed it; where both changed the same one
 * differently, ours wins and it is listed. Connections to modules that no longer exist are dropped.
 */
export function mergeFlows(base: Flow, theirs: Flow, ours: Flow): MergeResult {
  const conflicts: string[] = [];
  const note = (item: { id?: string; name?: string }) => conflicts.push(item.name || keyOf(item));
  const modules = mergeList(base.modules, theirs.modules, ours.modules, note);
  const settings = pick(base.settings, theirs.settings, ours.settings);
  if (settings.conflict) conflicts.push('settings');
  const start = pick(base.startModuleId, theirs.startModuleId, ours.startModuleId);
  const present = new Set(modules.map((module) => module.id));
  const flow: Flow = {
    ...theirs,
    startModuleId: present.has(start.value) ? start.value : theirs.startModuleId,
    modules: modules.map((module) => {
      const connections = module.connections.filter((connection) => present.has(connection.target));
      return connections.length === module.connections.length ? module : { ...module, connections };
    }),
    globalConnections: mergeList(
      base.globalConnections,
      theirs.globalConnections,
      ours.globalConnections,
      note,
    ),
    tags: mergeList(base.tags, theirs.tags, ours.tags, note),
    variables: mergeList(base.variables, theirs.variables, ours.variables, note),
    intents: mergeList(base.intents, theirs.intents, ours.intents, note),
    settings: settings.value,
  };
  return { flow, conflicts };
}
