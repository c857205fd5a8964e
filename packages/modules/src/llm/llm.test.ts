import { describe, expect, it } from 'vitest';
import { OutsideCallFailed } from '../kit/call-failure';
import type { LlmRequest } from '../kit/module-kit';
import { testContext } from '../kit/testing';
import { llmRuntime } from './execute';
import { FALLBACK_MODEL } from './models';
import { llmContentSchema, llmDefinition } from './schema';
import { llmWords } from './words';

const DEFAULT_FAILURE_MESSAGE = llmWords.defaults.failureMessage;

describe('llm module', () => {
  const content = llmContentSchema.parse({
    systemPrompt: 'You sell {{ product }}.',
    userPrompt: 'Question: {{ q }}',
    resultVariable: 'answer',
  });

  it('renders the prompts, stores the answer and sends it', async () => {
    const requests: LlmRequest[] = [];
    const { context, sent, variables } = testContext({
      variables: { product: 'tea', q: 'Is it organic?' },
      llm: async (request) => {
        requests.push(request);
        return { text: 'Yes, all of it. ' };
      },
    });
    expect(await llmRuntime.enter(content, context)).toEqual({ kind: 'continue', port: 'next' });
    expect(requests[0]).toEqual({
      model: 'gpt-3.5-turbo',
      system: 'You sell tea.',
      messages: [{ role: 'user', content: 'Question: Is it organic?' }],
      temperature: 0.7,
      maxTokens: 512,
    });
    expect(variables.get('answer')).toBe('Yes, all of it. ');
    expect(sent).toEqual([{ type: 'text', text: 'Yes, all of it.' }]);
  });

  it('follows failure when the model fails, saying nothing when the module has no failure message', async () => {
    const { context, events, sent } = testContext({ llm: () => Promise.reject(new Error('rate limited')) });
    expect(await llmRuntime.enter(content, context)).toEqual({
      kind: 'continue',
      port: 'failure',
      failure: { reason: 'unknown', message: 'rate limited' },
    });
    expect(sent).toEqual([]);
    expect(events).toEqual([
      { name: 'LLM Failed', data: { model: 'gpt-3.5-turbo', error: 'rate limited', reason: 'unknown' } },
    ]);
  });

  it('names why the model failed (as the host says it) for the debugger and the inbox', async () => {
    const { context, events } = testContext({
      llm: () =>
        Promise.reject(
          new OutsideCallFailed({
            reason: 'error_status',
            status: 401,
            message: 'Incorrect API key provided',
          }),
        ),
    });
    expect(await llmRuntime.enter(content, context)).toEqual({
      kind: 'continue',
      port: 'failure',
      failure: { reason: 'error_status', status: 401, message: 'Incorrect API key provided' },
    });
    expect(events[0]).toEqual({
      name: 'LLM Failed',
      data: {
        model: 'gpt-3.5-turbo',
        error: 'Incorrect API key provided',
        reason: 'error_status',
        status: 401,
      },
    });
  });

  it('tells the visitor its failure message, rendered, before taking the Failed connection', async () => {
    const apologetic = llmContentSchema.parse({
      userPrompt: 'Question: {{ q }}',
      failureMessage: 'Sorry {{ name }}, our advisor is away. [Call us](tel:+34900100200) ',
    });
    const { context, sent, events } = testContext({
      variables: { name: 'Ada' },
      llm: () => Promise.reject(new OutsideCallFailed({ reason: 'not_configured', message: 'No model' })),
    });
    expect(await llmRuntime.enter(apologetic, context)).toMatchObject({
      port: 'failure',
      failure: { reason: 'not_configured' },
    });
    expect(sent).toEqual([
      { type: 'text', text: 'Sorry Ada, our advisor is away. [Call us](tel:+34900100200)' },
    ]);
    // The reason stays with the builder and the agents: the visitor's message does not carry it.
    expect(JSON.stringify(sent)).not.toContain('No model');
    expect(events.map((event) => event.name)).toEqual(['LLM Failed']);
  });

  it('gives new modules a failure message, and keeps modules saved before it silent', () => {
    expect(llmDefinition.defaults.failureMessage).toBe(DEFAULT_FAILURE_MESSAGE);
    expect(llmContentSchema.parse(llmDefinition.defaults).failureMessage).toBe(DEFAULT_FAILURE_MESSAGE);
    expect(llmContentSchema.parse({ userPrompt: 'Hi' }).failureMessage).toBe('');
    expect(
      llmDefinition.variables(llmContentSchema.parse({ userPrompt: 'Hi', failureMessage: '{{ x }}' }))
        .templates,
    ).toContain('{{ x }}');
  });

  it('bounds the failure message as other messages are bounded', () => {
    const result = llmContentSchema.safeParse({ userPrompt: 'Hi', failureMessage: 'x'.repeat(4001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['failureMessage']);
  });

  it('names the installation’s model in a new module, and keeps modules saved without one as they ran', () => {
    expect(llmDefinition.create(undefined, { defaultModel: 'gpt-4.1-mini' }).model).toBe('gpt-4.1-mini');
    // Not told (a test, a builder that has not read the server's settings yet): the server's own default.
    expect(llmDefinition.create().model).toBe(FALLBACK_MODEL);
    expect(llmDefinition.create(undefined, { defaultModel: '' }).model).toBe(FALLBACK_MODEL);
    expect(FALLBACK_MODEL).not.toBe('gpt-3.5-turbo');
    // A document saved before modules named their model: still valid, still gpt-3.5-turbo.
    expect(llmContentSchema.parse({ userPrompt: 'Hi' }).model).toBe('gpt-3.5-turbo');
    expect(llmContentSchema.parse({ userPrompt: 'Hi', model: 'gpt-3.5-turbo' }).model).toBe('gpt-3.5-turbo');
  });
});
