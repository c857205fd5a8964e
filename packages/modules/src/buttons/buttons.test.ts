import { describe, expect, it } from 'vitest';
import { gotoPayload } from '../kit/buttons';
import { testContext } from '../kit/testing';
import { buttonsRuntime } from './execute';
import { type ButtonsContent, buttonsContentSchema, buttonsDefinition } from './schema';

const content: ButtonsContent = buttonsContentSchema.parse({
  text: 'Hi {{ name }}, pick one',
  buttons: [
    {
      id: 'yes',
      label: 'Yes',
      action: { type: 'goto' },
      setVariables: [{ variable: 'answer', value: '"yes"' }],
    },
    { id: 'docs', label: 'Docs', action: { type: 'url', url: 'https://docs.example.com' } },
    {
      id: 'human',
      label: 'Talk to a human',
      action: { type: 'postback', payload: 'HUMAN' },
      setVariables: [{ variable: 'wants_human', value: 'true' }],
    },
  ],
});

describe('buttons module', () => {
  it('has a port per go-to button and waits', () => {
    expect(buttonsDefinition.ports(content)).toEqual([{ id: 'button:yes', label: 'Yes' }]);
    expect(buttonsDefinition.waitsForInput(content)).toBe(true);
  });

  it('sends reply and URL buttons', async () => {
    const { context, sent } = testContext({ variables: { name: 'Ada' } });
    expect(await buttonsRuntime.enter(content, context)).toEqual({ kind: 'wait' });
    expect(sent).toEqual([
      {
        type: 'buttons',
        text: 'Hi Ada, pick one',
        buttons: [
          { id: 'yes', label: 'Yes', kind: 'reply', payload: gotoPayload('m1', 'yes') },
          { id: 'docs', label: 'Docs', kind: 'url', url: 'https://docs.example.com' },
          { id: 'human', label: 'Talk to a human', kind: 'reply', payload: 'HUMAN' },
        ],
      },
    ]);
  });

  it('follows a pressed go-to button after setting its variables', async () => {
    const { context, variables } = testContext();
    const input = buttonsRuntime.acknowledge?.(
      content,
      { kind: 'postback', payload: gotoPayload('m1', 'yes') },
      context,
    );
    expect(variables.get('answer')).toBe('yes');
    expect(await buttonsRuntime.receive?.(content, input ?? { kind: 'text', text: '' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'button:yes',
    });
  });

  it('treats a typed label as pressing the button', async () => {
    const { context } = testContext();
    expect(await buttonsRuntime.receive?.(content, { kind: 'text', text: '  yes ' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'button:yes',
    });
  });

  it('turns a typed postback label into its postback, with its Set Variable applied', () => {
    const { context, variables } = testContext();
    const input = buttonsRuntime.acknowledge?.(content, { kind: 'text', text: 'talk to a human' }, context);
    expect(input).toEqual({ kind: 'postback', payload: 'HUMAN', label: 'talk to a human' });
    expect(variables.get('wants_human')).toBe(true);
  });

  it('leaves other input to the engine', async () => {
    const { context } = testContext();
    expect(await buttonsRuntime.receive?.(content, { kind: 'text', text: 'what?' }, context, 1)).toEqual({
      kind: 'nomatch',
    });
    expect(
      await buttonsRuntime.receive?.(content, { kind: 'postback', payload: 'HUMAN' }, context, 1),
    ).toEqual({ kind: 'nomatch' });
  });

  it('goes on when it only has link buttons', async () => {
    const links = buttonsContentSchema.parse({
      text: 'Read',
      buttons: [{ id: 'd', label: 'Docs', action: { type: 'url', url: 'https://x.io' } }],
    });
    expect(buttonsDefinition.ports(links)).toEqual([{ id: 'next', label: 'Next' }]);
    expect(await buttonsRuntime.enter(links, testContext().context)).toEqual({
      kind: 'continue',
      port: 'next',
    });
  });

  it('rejects buttons without labels', () => {
    expect(
      buttonsContentSchema.safeParse({
        text: 'x',
        buttons: [{ id: 'a', label: '', action: { type: 'goto' } }],
      }).success,
    ).toBe(false);
    expect(buttonsContentSchema.safeParse({ text: 'x', buttons: [] }).success).toBe(false);
  });
});
