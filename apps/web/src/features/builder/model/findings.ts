import { validateFlowTemplates } from '@parley/engine/builder';
import type { Finding } from '@parley/flow';
import { useDeferredValue, useMemo } from 'react';
import { useStore } from 'zustand';
import type { BuilderStore } from './builder-store';

export interface ModuleProblems {
  severity: 'error' | 'warning';
  messages: string[];
}

/** The validator's findings on the document being edited (deferred, so typing never waits for it). */
export function useFindings(store: BuilderStore): Finding[] {
  const flow = useDeferredValue(useStore(store, (state) => state.flow));
  return useMemo(() => validateFlowTemplates(flow), [flow]);
}

/** Findings per module, worst first. */
export function problemsByModule(findings: Finding[]): Map<string, ModuleProblems> {
  const problems = new Map<string, ModuleProblems>();
  for (const finding of findings) {
    if (!finding.moduleId) continue;
    const current = problems.get(finding.moduleId);
    if (!current) {
      problems.set(finding.moduleId, { severity: finding.severity, messages: [finding.message] });
    } else {
      if (finding.severity === 'error') current.severity = 'error';
      if (finding.severity === 'error') current.messages.unshift(finding.message);
      else current.messages.push(finding.message);
    }
  }
  return problems;
}
