import { describe, expect, it } from 'vitest';
import { flowOf, runBot } from './testing/run-bot';

// Issue 6's budget: the conversation state (written every turn) stays at most 8 KB for a typical bot.
describe('the conversation state’s size', () => {
  it('stays under 8 KB through a long conversation', async () => {
    const flow = flowOf([
      [
        'ask',
        'input',
        { prompt: 'What do you need?', variable: 'need', validator: { type: 'text' } },
        { next: 'count' },
      ],
      [
        'count',
        'set_variable',
        { assignments: [{ variable: 'asked', value: '(asked or 0) + 1' }] },
        { next: 'answer' },
      ],
      ['answer', 'text', { text: 'Request {{ asked }}: {{ need }}. Anything else?' }, { next: 'ask' }],
    ]);
    const script = runBot(flow).start();
    for (let turn = 1; turn <= 300; turn++) {
      script.send({ type: 'text', text: `I would like help with order number ${1000 + turn}, please` });
    }
    await script;
    expect(script.state.variables.asked).toBe(300);
    expect(JSON.stringify(script.state).length).toBeLessThanOrEqual(8 * 1024);
  });
});
