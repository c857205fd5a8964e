/**
 * Line numbers as a reader says them: runs joined into ranges (`4–6`), the rest listed in the
 * language's way (`2, 4–6 and 9`; `2, 4–6 y 9`). Pass `lines.length` as the count that picks
 * "line" or "lines".
 */
export function lineRanges(lines: readonly number[], language: string): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] ?? 0) + 1) end++;
    const first = sorted[start];
    const last = sorted[end];
    // Two lines in a row are named each; three or more make a range.
    if (end - start >= 2) ranges.push(`${first}–${last}`);
    else ranges.push(...sorted.slice(start, end + 1).map(String));
    start = end + 1;
  }
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(ranges);
}
