import { type Finding, validateFlow } from '@parley/flow';
import { useMemo } from 'react';
import type { BuilderStore } from './builder-store';
import { cachedAnalyzer, useSettledFlow } from './settled-flow';

export interface ModuleProblems {
  severity: 'error' | 'warning';
  messages: string[];
}

/** The validator's findings on the document being edited, once edits pause. */
export function useFindings(store: BuilderStore): Finding[] {
  const flow = useSettledFlow(store);
  return useMemo(() => (flow ? validateFlow(flow, cachedAnalyzer) : []), [flow]);
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
