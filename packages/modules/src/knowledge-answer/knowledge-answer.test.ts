import { describe, expect, it } from 'vitest';
import { OutsideCallFailed } from '../kit/call-failure';
import type { KnowledgeAnswer } from '../kit/knowledge';
import { testContext } from '../kit/testing';
import { knowledgeAnswerRuntime } from './execute';
import { knowledgeAnswerContentSchema, knowledgeAnswerDefinition } from './schema';

const citation = {
  sourceId: 's1',
  sourceName: 'prices',
  rowNumber: 2,
  keys: [{ column: 'SKU', value: 'SKU-2001' }],
};
const answered: KnowledgeAnswer = {
  outcome: 'answered',
  text: 'The blue rain jacket costs 89.00 [1]. ',
  citations: [citation],
  sources: [{ sourceName: 'prices', rowNumber: 2, score: 0.75, sent: true }],
  model: 'gpt-test',
  tokens: 120,
};

describe('knowledge answer module', () => {
  const content = knowledgeAnswerContentSchema.parse({
    question: 'Price of {{ sku }}?',
    resultVariable: 'answer',
  });

  it('asks the rendered question, keeps the answer and sends it with its citations', async () => {
    const asked: string[] = [];
    const { context, sent, variables, events } = testContext({
      variables: { sku: 'SKU-2001' },
      knowledge: async (question) => {
        asked.push(question);
        return answered;
      },
    });
    expect(await knowledgeAnswerRuntime.enter(content, context)).toEqual({
      kind: 'continue',
      port: 'answered',
    });
    expect(asked).toEqual(['Price of SKU-2001?']);
    expect(variables.get('answer')).toBe('The blue rain jacket costs 89.00 [1].');
    expect(sent).toEqual([
      { type: 'text', text: 'The blue rain jacket costs 89.00 [1].', citations: [citation] },
    ]);
    expect(events[0]).toMatchObject({ name: 'Knowledge Answer', data: { outcome: 'answered', tokens: 120 } });
  });

  it('takes Not in the knowledge when nothing scored the minimum, saying nothing', async () => {
    const { context, sent } = testContext({
      variables: { sku: 'X' },
      knowledge: async () => ({ ...answered, outcome: 'no-match', text: '', citations: [] }),
    });
    expect(await knowledgeAnswerRuntime.enter(content, context)).toEqual({
      kind: 'continue',
      port: 'no_match',
    });
    expect(sent).toEqual([]);
  });

  it('says its failure message and takes Failed when the model fails, naming why for the builder', async () => {
    const { context, sent, events } = testContext({
      variables: { sku: 'X' },
      knowledge: () =>
        Promise.reject(new OutsideCallFailed({ reason: 'not_configured', message: 'No model' })),
    });
    const withApology = { ...content, failureMessage: knowledgeAnswerDefinition.defaults.failureMessage };
    expect(await knowledgeAnswerRuntime.enter(withApology, context)).toMatchObject({
      port: 'failure',
      failure: { reason: 'not_configured' },
    });
    expect(sent).toEqual([{ type: 'text', text: 'Sorry, I can’t look that up right now.' }]);
    expect(events[0]).toMatchObject({ data: { outcome: 'failed', error: 'No model' } });
  });
});
