import type { AgentDefinition, AgentStep } from '@parley/contracts';
import type { EngineServices } from '@parley/engine';
import { renderTemplate } from '@parley/engine/templating';
import type { LlmMessage, LlmTool, LlmToolCall } from '@parley/modules';
import { z } from 'zod';
import { checkArguments, issuesText } from './tool-arguments';

/** What a tool answers: its result, or a named failure the model is told about. */
export type ToolOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: { name: string; message: string }; result?: unknown };

/** A tool as the runner offers and calls it; `run` gets arguments already checked by `parameters`. */
export interface AgentToolRunner {
  tool: LlmTool;
  /** Validates the model's arguments (parsed JSON); issues come back to the model, named. */
  parameters: z.ZodType;
  run(args: unknown, turn: TurnState): Promise<ToolOutcome>;
}

/** What a turn changes as it goes: the conversation's variables and, once decided, its exit. */
export interface TurnState {
  variables: Record<string, unknown>;
  exit?: { exit: 'done' | 'handoff'; reason: string };
}

export interface AgentTurnInput {
  definition: AgentDefinition;
  /** The conversation so far, ending with the visitor's message. */
  messages: LlmMessage[];
  variables: Record<string, unknown>;
  tools: AgentToolRunner[];
  /** Each piece of text the model writes, as it writes it (the playground streams them). */
  onToken?: (text: string) => void;
}

export interface AgentTurnResult {
  outcome: 'answered' | 'done' | 'handoff' | 'failed';
  reply: string;
  failure: string | null;
  steps: AgentStep[];
  variables: Record<string, unknown>;
  promptTokens: number;
  completionTokens: number;
  toolCalls: number;
  toolFailures: number;
  durationMs: number;
}

const elapsed = (since: number) => Math.round(performance.now() - since);

/** The system prompt: the goal, the rendered instructions, and how to leave. */
function systemPrompt(definition: AgentDefinition, variables: Record<string, unknown>): string {
  const instructions = renderTemplate(definition.instructions, variables);
  return [definition.goal && `Your goal: ${definition.goal}`, instructions].filter(Boolean).join('\n\n');
}

/** Runs `promise` unless the turn's time runs out first. */
function withinTime<T>(promise: Promise<T>, remainingMs: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, remainingMs));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: text.trim() ? JSON.parse(text) : {} };
  } catch {
    return { ok: false };
  }
}

/**
 * One call the model asked for, as a step: an unknown tool, arguments that are not JSON or break
 * the tool's schema, a tool that throws or fails: each a failed step with a named error, which the
 * model is told so it can recover.
 */
async function callTool(
  call: LlmToolCall,
  tools: Map<string, AgentToolRunner>,
  turn: TurnState,
): Promise<Extract<AgentStep, { kind: 'tool' }>> {
  const started = performance.now();
  const step = (outcome: ToolOutcome, args: unknown): Extract<AgentStep, { kind: 'tool' }> => ({
    kind: 'tool',
    toolCallId: call.id,
    name: call.name,
    arguments: args,
    status: outcome.ok ? 'ok' : 'failed',
    result: outcome.result ?? null,
    error: outcome.ok ? null : outcome.error,
    durationMs: elapsed(started),
  });
  const runner = tools.get(call.name);
  if (!runner) {
    return step(
      { ok: false, error: { name: 'UnknownTool', message: `There is no tool named ${call.name}` } },
      call.arguments,
    );
  }
  const parsed = parseArguments(call.arguments);
  if (!parsed.ok) {
    return step(
      { ok: false, error: { name: 'InvalidArguments', message: 'The arguments are not valid JSON' } },
      call.arguments,
    );
  }
  const checked = checkArguments(runner.parameters, parsed.value);
  if (!checked.ok) {
    const message = issuesText(checked.issues);
    return step({ ok: false, error: { name: 'InvalidArguments', message } }, parsed.value);
  }
  try {
    return step(await runner.run(checked.data, turn), parsed.value);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return step({ ok: false, error: { name: 'ToolFailed', message } }, parsed.value);
  }
}

/** What the model reads of a tool step: its result, or its error by name. */
function toolMessage(step: Extract<AgentStep, { kind: 'tool' }>): LlmMessage {
  const content = step.error ? { error: step.error } : { result: step.result };
  return { role: 'tool', toolCallId: step.toolCallId, content: JSON.stringify(content) };
}

/**
 * One turn of an agent: model calls and the tool calls they ask for, until the model answers, a
 * tool ends the turn (done, hand-off), or a limit is reached (steps, time, tokens), each a named
 * step of the trace. Holds no database connection: the caller loads before and stores after.
 */
export async function runAgentTurn(
  input: AgentTurnInput,
  llm: EngineServices['llm'],
): Promise<AgentTurnResult> {
  const started = performance.now();
  const { definition } = input;
  const { limits } = definition;
  const turn: TurnState = { variables: { ...input.variables } };
  const steps: AgentStep[] = [];
  const tools = new Map(input.tools.map((runner) => [runner.tool.name, runner]));
  const messages = [...input.messages];
  const totals = { promptTokens: 0, completionTokens: 0, toolCalls: 0, toolFailures: 0 };
  const finish = (
    outcome: AgentTurnResult['outcome'],
    reply: string,
    failure: string | null,
  ): AgentTurnResult => ({
    outcome,
    reply,
    failure,
    steps,
    variables: turn.variables,
    ...totals,
    durationMs: elapsed(started),
  });
  const fail = (reason: string) => {
    steps.push({ kind: 'exit', exit: 'failed', reason });
    return finish('failed', '', reason);
  };
  const stopAt = (limit: 'steps' | 'time' | 'tokens', message: string) => {
    steps.push({ kind: 'limit', limit, message });
    return fail(message);
  };

  let system: string;
  try {
    system = systemPrompt(definition, turn.variables);
  } catch (error) {
    return fail(
      `The instructions could not be rendered: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const model = definition.model.model;
  for (let call = 0; ; call++) {
    if (call >= limits.maxSteps) return stopAt('steps', `Stopped after ${limits.maxSteps} steps`);
    const remaining = limits.maxSeconds * 1000 - elapsed(started);
    if (remaining <= 0) return stopAt('time', `Stopped after ${limits.maxSeconds} s`);
    const callStarted = performance.now();
    let answer: Awaited<ReturnType<EngineServices['llm']['complete']>> | 'timeout';
    try {
      answer = await withinTime(
        llm.complete(
          {
            model,
            system,
            messages,
            temperature: definition.model.temperature,
            maxTokens: definition.model.maxTokens,
            tools: [...tools.values()].map((runner) => runner.tool),
          },
          input.onToken,
        ),
        remaining,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      steps.push(modelStep(model, callStarted, { text: '' }, { name: 'ModelFailed', message }));
      return fail(`The model did not answer: ${message}`);
    }
    if (answer === 'timeout') return stopAt('time', `Stopped after ${limits.maxSeconds} s`);
    totals.promptTokens += answer.usage?.promptTokens ?? 0;
    totals.completionTokens += answer.usage?.completionTokens ?? 0;
    steps.push(modelStep(model, callStarted, answer, null));
    const calls = answer.toolCalls ?? [];
    if (calls.length === 0) {
      steps.push({ kind: 'answer', text: answer.text });
      return finish('answered', answer.text, null);
    }
    messages.push({ role: 'assistant', content: answer.text, toolCalls: calls });
    for (const toolCall of calls) {
      const step = await callTool(toolCall, tools, turn);
      steps.push(step);
      totals.toolCalls += 1;
      if (step.status === 'failed') totals.toolFailures += 1;
      messages.push(toolMessage(step));
    }
    if (turn.exit) {
      steps.push({ kind: 'exit', exit: turn.exit.exit, reason: turn.exit.reason });
      if (answer.text) steps.push({ kind: 'answer', text: answer.text });
      return finish(turn.exit.exit, answer.text, null);
    }
    const used = totals.promptTokens + totals.completionTokens;
    if (used > limits.maxTokens)
      return stopAt('tokens', `Stopped after ${used} tokens (the limit is ${limits.maxTokens})`);
  }
}

/** A turn that could not start (its prompt was deleted…): failed by name, nothing called. */
export function failedTurn(reason: string, variables: Record<string, unknown>): AgentTurnResult {
  return {
    outcome: 'failed',
    reply: '',
    failure: reason,
    steps: [{ kind: 'exit', exit: 'failed', reason }],
    variables,
    promptTokens: 0,
    completionTokens: 0,
    toolCalls: 0,
    toolFailures: 0,
    durationMs: 0,
  };
}

function modelStep(
  model: string,
  started: number,
  answer: {
    text: string;
    usage?: { promptTokens: number; completionTokens: number };
    toolCalls?: LlmToolCall[];
  },
  error: { name: string; message: string } | null,
): AgentStep {
  return {
    kind: 'model',
    model,
    promptTokens: answer.usage?.promptTokens ?? 0,
    completionTokens: answer.usage?.completionTokens ?? 0,
    durationMs: elapsed(started),
    text: answer.text,
    toolCalls: (answer.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name })),
    error,
  };
}

/** A tool whose parameters are a zod schema, offered to the model as its JSON schema. */
export function zodTool<S extends z.ZodType>(
  name: string,
  description: string,
  parameters: S,
  run: (args: z.output<S>, turn: TurnState) => Promise<ToolOutcome> | ToolOutcome,
): AgentToolRunner {
  const { $schema: _, ...schema } = z.toJSONSchema(parameters) as Record<string, unknown>;
  return {
    tool: { name, description, parameters: schema },
    parameters,
    run: async (args, turn) => run(args as z.output<S>, turn),
  };
}
