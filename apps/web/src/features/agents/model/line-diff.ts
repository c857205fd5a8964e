/** One line of a diff: kept in both, removed from the older text, or added in the newer. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Prompts are at most 20 000 characters: past this many lines each side is compared whole. */
const MAX_LINES = 2_000;

/**
 * A line diff of two texts by their longest common subsequence (the classic table, fine for
 * prompt-sized texts): what the newer version removed and added, in order.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n').slice(0, MAX_LINES);
  const b = after.split('\n').slice(0, MAX_LINES);
  // lengths[i][j]: the common subsequence's length of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lengths[i] as Uint16Array;
      const below = lengths[i + 1] as Uint16Array;
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: a[i++] ?? '' });
    } else {
      lines.push({ kind: 'added', text: b[j++] ?? '' });
    }
  }
  while (i < a.length) lines.push({ kind: 'removed', text: a[i++] ?? '' });
  while (j < b.length) lines.push({ kind: 'added', text: b[j++] ?? '' });
  return lines;
}
