import { createHash } from 'node:crypto';

const statementNames = new Map<string, string>();

/** A prepared statement's name: a hash of its text, so each text is parsed and planned once. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k_${createHash('sha1').update(text).digest('hex')}`;
    // Statements built with varying text (long IN lists) must not grow this without bound.
    if (statementNames.size > 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
