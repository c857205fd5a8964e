import type { ToolDefinition, ToolTestResult } from '@parley/contracts';
import { callFailureOf } from '@parley/engine';
import { renderTemplate } from '@parley/engine/templating';
import { readJsonPath } from '@parley/modules';
import { type GuardedHttpOptions, guardedRequest } from '../../integrations/http/guarded-http';

type HttpTool = Extract<ToolDefinition, { kind: 'http' }>;

/** A call of a tool as a test shows it and a run uses it: what went, what came, what the model reads. */
export type ToolCallReport = ToolTestResult;

/** How much of an answer a report keeps to show (the call itself reads up to the tool's cap). */
const SHOWN_BODY = 20_000;

/** A header's value opened for sending, or masked for showing. */
export interface HeaderValues {
  /** Secret headers' values by their lower-case names (opened). */
  secrets: Record<string, string>;
  /** What a screen shows of each secret (its hint). */
  hints: Record<string, string>;
}

const failed = (
  name: string,
  message: string,
  parts: Partial<Pick<ToolCallReport, 'request' | 'response' | 'result'>> = {},
): ToolCallReport => ({
  ok: false,
  request: parts.request ?? null,
  response: parts.response ?? null,
  result: parts.result ?? null,
  error: { name, message },
});

/** Arguments for the URL: plain values URL-encoded, so `{{ q }}` cannot break out of its place. */
function urlContext(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => [
      key,
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? encodeURIComponent(String(value))
        : value,
    ]),
  );
}

/** The request the tool makes with these arguments: rendered, secrets opened (and a masked copy). */
function buildRequest(tool: HttpTool, args: Record<string, unknown>, values: HeaderValues) {
  const url = renderTemplate(tool.url, urlContext(args)).trim();
  const sends = tool.method !== 'GET' && tool.method !== 'DELETE';
  const body = !sends ? '' : tool.body.trim() ? renderTemplate(tool.body, args) : JSON.stringify(args);
  const headers: Record<string, string> = {};
  const shown: Record<string, string> = {};
  if (sends) {
    headers['content-type'] = 'application/json';
    shown['content-type'] = 'application/json';
  }
  for (const header of tool.headers) {
    const key = header.name.toLowerCase();
    if (header.secret) {
      headers[key] = values.secrets[key] ?? '';
      shown[key] = values.hints[key] ?? '••••';
    } else {
      headers[key] = renderTemplate(header.value, args);
      shown[key] = headers[key];
    }
  }
  return { url, body, headers, shown };
}

/** The failure's name as the trace shows it, from why the call failed. */
const failureNames: Record<string, string> = {
  timeout: 'ToolTimedOut',
  too_large: 'ToolResponseTooLarge',
  invalid_address: 'InvalidAddress',
  unreachable: 'ToolUnreachable',
};

/**
 * Calls an HTTP tool through the guarded client: the SSRF guard, the tool's time-out and size cap.
 * Every failure (a template that does not render, a refused address, a time-out, an error status,
 * an answer too large or not JSON) comes back named in the report, never thrown.
 */
export async function callHttpTool(
  tool: HttpTool,
  args: Record<string, unknown>,
  values: HeaderValues,
  outgoing: GuardedHttpOptions,
): Promise<ToolCallReport> {
  let built: ReturnType<typeof buildRequest>;
  try {
    built = buildRequest(tool, args, values);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failed('InvalidTemplate', `The tool's request does not render: ${message}`);
  }
  const request = { method: tool.method, url: built.url, headers: built.shown, body: built.body };
  let answer: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    answer = await guardedRequest(
      {
        method: tool.method,
        url: built.url,
        headers: built.headers,
        body: built.body || undefined,
        timeoutMs: tool.timeoutMs,
      },
      { ...outgoing, maxResponseBytes: tool.maxResponseBytes },
    );
  } catch (error) {
    const failure = callFailureOf(error);
    return failed(failureNames[failure.reason] ?? 'ToolFailed', failure.message, { request });
  }
  const response = {
    status: answer.status,
    headers: answer.headers,
    body: answer.body.slice(0, SHOWN_BODY),
    durationMs: answer.durationMs,
  };
  if (answer.status >= 400) {
    return failed('ToolHttpError', `The tool answered ${answer.status}`, {
      request,
      response,
      result: answer.body.slice(0, 500),
    });
  }
  const isJson = /json/i.test(answer.headers['content-type'] ?? '') || tool.response.length > 0;
  if (!isJson) return { ok: true, request, response, result: answer.body, error: null };
  let parsed: unknown;
  try {
    parsed = answer.body.trim() ? JSON.parse(answer.body) : null;
  } catch {
    const start = answer.body.slice(0, 60).replace(/\s+/g, ' ');
    return failed('ToolInvalidJson', `The tool's answer is not JSON: ${start}`, { request, response });
  }
  const result =
    tool.response.length === 0
      ? parsed
      : Object.fromEntries(tool.response.map(({ key, path }) => [key, readJsonPath(parsed, path) ?? null]));
  return { ok: true, request, response, result, error: null };
}
