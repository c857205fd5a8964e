import type { FlowModule } from '@parley/flow';

/**
 * Whether two module lists draw the same connections: the same modules in the same order, each
 * with the same type (its connections take its colour) and the same connections array. Edits keep
 * untouched modules' arrays (see flow-edits), so moving modules changes no wiring.
 */
export function sameWiring(before: readonly FlowModule[], after: readonly FlowModule[]): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  for (let index = 0; index < after.length; index++) {
    const a = before[index];
    const b = after[index];
    if (a === b) continue;
    if (!a || !b || a.id !== b.id || a.type !== b.type || a.connections !== b.connections) return false;
  }
  return true;
}
