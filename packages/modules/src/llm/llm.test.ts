import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../kit/module-kit';
import { testContext } from '../kit/testing';
import { llmRuntime } from './execute';
import { llmContentSchema } from './schema';

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

  it('follows failure when the model fails', async () => {
    const { context, events, sent } = testContext({ llm: () => Promise.reject(new Error('rate limited')) });
    expect(await llmRuntime.enter(content, context)).toEqual({ kind: 'continue', port: 'failure' });
    expect(sent).toEqual([]);
    expect(events).toEqual([{ name: 'LLM Failed', data: { model: 'gpt-3.5-turbo', error: 'rate limited' } }]);
  });
});
