import { DEFAULT_GENERATIVE_SETTINGS, type KnowledgeAnswer, type KnowledgeRequest } from '@parley/modules';
import { describe, expect, it } from 'vitest';
import { flowOf, runBot, testServices } from './testing/run-bot';

const answer: KnowledgeAnswer = {
  outcome: 'answered',
  text: 'The blue rain jacket costs 89.00 [1].',
  citations: [{ sourceId: 's1', sourceName: 'prices', rowNumber: 2, keys: [] }],
  sources: [
    { sourceName: 'prices', rowNumber: 2, score: 0.75, sent: true },
    { sourceName: 'prices', rowNumber: 3, score: 0.01, sent: false },
  ],
  model: 'gpt-test',
};

const shop = (enabled: boolean) => {
  const flow = flowOf([['start', 'text', { text: 'Welcome {{ name }}!' }]]);
  flow.settings.fallbackMessage = 'Sorry, I did not get that.';
  flow.settings.generative = {
    ...DEFAULT_GENERATIVE_SETTINGS,
    enabled,
    instructions: 'You help {{ name }} shop.',
  };
  flow.variables = [{ name: 'name', default: 'Ada', description: '' }];
  return flow;
};

describe('the fallback answers from knowledge (generative answers)', () => {
  it('sends the cited answer instead of the fallback message, and traces the generative step', async () => {
    const asked: KnowledgeRequest[] = [];
    const { services } = testServices({
      knowledge: async (request) => {
        asked.push(request);
        return answer;
      },
    });
    const run = await runBot(shop(true), services).start().say('How much is the blue jacket?');
    const last = run.last;
    expect(last?.outputs).toEqual([
      { type: 'text', text: 'The blue rain jacket costs 89.00 [1].', citations: answer.citations },
    ]);
    expect(asked[0]).toMatchObject({
      question: 'How much is the blue jacket?',
      instructions: 'You help Ada shop.',
      language: 'en',
      sourceIds: null,
    });
    expect(last?.trace.map((step) => step.kind)).toEqual(['generative']);
    expect(last?.trace[0]?.knowledge).toEqual({ outcome: 'answered', intent: null, sources: answer.sources });
    expect(last?.events.map((event) => event.name)).toContain('Knowledge Answer');
  });

  it('follows the fallback when nothing scored the minimum, or the model failed', async () => {
    for (const knowledge of [
      async () => ({ ...answer, outcome: 'no-match' as const, text: '', citations: [] }),
      () => Promise.reject(new Error('rate limited')),
    ]) {
      const { services } = testServices({ knowledge });
      const run = await runBot(shop(true), services).start().say('Do you sell bicycles?');
      expect(run.last?.outputs).toEqual([{ type: 'text', text: 'Sorry, I did not get that.' }]);
      expect(run.last?.trace.map((step) => step.kind)).toEqual(['generative', 'fallback']);
    }
  });

  it('asks nothing while generative answers are off', async () => {
    const { services } = testServices({ knowledge: () => Promise.reject(new Error('not asked')) });
    const run = await runBot(shop(false), services).start().say('How much is the blue jacket?');
    expect(run.last?.outputs).toEqual([{ type: 'text', text: 'Sorry, I did not get that.' }]);
    expect(run.last?.trace.map((step) => step.kind)).toEqual(['fallback']);
  });
});
