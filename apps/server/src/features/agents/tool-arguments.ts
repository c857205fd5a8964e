import type { ToolArgumentIssue } from '@parley/contracts';
import { z } from 'zod';

/**
 * The arguments' check from a tool's JSON schema (an HTTP tool's parameters, an MCP tool's input
 * schema); a schema zod cannot read checks only for an object.
 */
export function argumentsCheck(schema: Record<string, unknown>): z.ZodType {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

export type CheckedArguments = { ok: true; data: unknown } | { ok: false; issues: ToolArgumentIssue[] };

/**
 * Arguments against a tool's check, as an agent run and a tool's test both do before calling it:
 * the values to call with, or what is wrong, field by field (`items.0.sku`; empty: the whole).
 */
export function checkArguments(check: z.ZodType, value: unknown): CheckedArguments {
  const checked = check.safeParse(value);
  if (checked.success) return { ok: true, data: checked.data };
  return {
    ok: false,
    issues: checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  };
}

/** The issues in one line, as a model reads them. */
export const issuesText = (issues: readonly ToolArgumentIssue[]) =>
  issues.map((issue) => `${issue.path || '(arguments)'}: ${issue.message}`).join('; ');

/** Checked arguments as a call takes them: an object (anything else, none). */
export const asArguments = (args: unknown): Record<string, unknown> =>
  args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
