import { readFileSync } from 'node:fs';

/** The p-th percentile of values sorted ascending (nearest rank); 0 for none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** utime + stime of a process of this machine, in milliseconds (Linux clock ticks are 10 ms here). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
