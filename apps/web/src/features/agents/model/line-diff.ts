import { diffLines } from 'diff';

/** One line of a diff: kept in both, removed from the older text, or added in the newer. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** What the newer version of a text removed and added, line by line, in order. */
export function lineDiff(before: string, after: string): DiffLine[] {
  // Both end in a newline, so an unchanged last line is not read as changed.
  return diffLines(`${before}\n`, `${after}\n`).flatMap((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return change.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text): DiffLine => ({ kind, text }));
  });
}
