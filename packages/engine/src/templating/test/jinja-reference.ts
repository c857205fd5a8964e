import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface ReferenceCase {
  template: string;
  variables?: Record<string, unknown>;
}

export type ReferenceResult = { ok: true; output: string } | { ok: false; error: string };

/** Debian's Python with python3-jinja2 (`npm test` installs it). */
export const PYTHON = '/usr/bin/python3';

/** Renders every case with Jinja2 itself, in one Python process. */
export function renderWithJinja2(cases: ReferenceCase[]): ReferenceResult[] {
  const result = spawnSync(PYTHON, [join(import.meta.dirname, 'jinja_reference.py')], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`Jinja2 reference failed: ${result.stderr || result.error?.message}`);
  return JSON.parse(result.stdout) as ReferenceResult[];
}
