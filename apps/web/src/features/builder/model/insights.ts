import { type Finding, type Flow, validateFlow } from '@parley/flow';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { moduleFailuresQuery } from '../api/builder-api';
import type { BuilderStore } from './builder-store';
import { cachedAnalyzer } from './cached-analyzer';
import { findingTextIn } from './finding-text';
import { useModuleWords } from './module-words';
import { useSettledFlow } from './settled-flow';
import { type VariableUsage, variableUsages } from './variables';

export interface ModuleProblems {
  severity: 'error' | 'warning';
  messages: string[];
}

/**
 * What the builder reads from the whole document (the validator's findings, the variables), worked
 * out once, when edits pause; empty until the canvas has first been drawn.
 */
export interface FlowInsights {
  flow: Flow | null;
  /** The validator's findings, each `message` said in the user's language. */
  findings: Finding[];
  usages: VariableUsage[];
}

export function useFlowInsights(store: BuilderStore): FlowInsights {
  const flow = useSettledFlow(store);
  // The server's bounds of an intent model (the defaults until the configuration has loaded).
  const nluLimits = useQuery(frontendConfigQuery).data?.nlu;
  const botId = useStore(store, (state) => state.botId);
  const failures = useQuery(moduleFailuresQuery(botId)).data;
  const { t, i18n } = useTranslation('builder');
  const words = useModuleWords();
  const insights = useMemo(
    () =>
      flow
        ? { flow, findings: validateFlow(flow, cachedAnalyzer, { nluLimits }), usages: variableUsages(flow) }
        : { flow, findings: [], usages: [] },
    [flow, nluLimits],
  );
  // Said again when the language changes, without validating again.
  return useMemo(() => {
    if (!insights.flow) return insights;
    const text = findingTextIn(t, words, insights.flow);
    const modules = new Set(insights.flow.modules.map((module) => module.id));
    // What failed for visitors, though the template reads well: Jinja2 refused it at run time.
    const failedInConversations: Finding[] = (failures?.modules ?? [])
      .filter((failure) => modules.has(failure.moduleId))
      .map((failure) => ({
        severity: 'warning',
        code: 'template-error',
        moduleId: failure.moduleId,
        message: '',
        line: failure.line ?? undefined,
        detail: t('problems.failedInConversations', {
          count: failure.conversations,
          when: new Date(failure.lastAt).toLocaleString(i18n.language, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
          detail: failure.message,
        }),
      }));
    return {
      ...insights,
      findings: [...insights.findings, ...failedInConversations].map((finding) => ({
        ...finding,
        message: text(finding),
      })),
    };
  }, [insights, failures, t, i18n.language, words]);
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
