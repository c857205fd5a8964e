import { describe, expect, it } from 'vitest';
import { gotoPayload } from '../kit/buttons';
import { testContext } from '../kit/testing';
import { carouselRuntime } from './execute';
import { carouselContentSchema, carouselDefinition } from './schema';

describe('carousel module', () => {
  const carousel = carouselContentSchema.parse({
    cards: [
      {
        title: '{{ first }}',
        buttons: [
          {
            id: 'a',
            label: 'Pick A',
            action: { type: 'goto' },
            setVariables: [{ variable: 'pick', value: '"a"' }],
          },
        ],
      },
      {
        title: 'B',
        subtitle: 'The other one',
        buttons: [{ id: 'b', label: 'Pick B', action: { type: 'goto' } }],
      },
    ],
  });

  it('sends its cards as one carousel, rendered, and waits for a button', async () => {
    const { context, sent } = testContext({ variables: { first: 'Tea' } });
    expect(await carouselRuntime.enter(carousel, context)).toEqual({ kind: 'wait' });
    expect(sent).toEqual([
      {
        type: 'carousel',
        cards: [
          {
            title: 'Tea',
            buttons: [{ id: 'a', label: 'Pick A', kind: 'reply', payload: gotoPayload('m1', 'a') }],
          },
          {
            title: 'B',
            subtitle: 'The other one',
            buttons: [{ id: 'b', label: 'Pick B', kind: 'reply', payload: gotoPayload('m1', 'b') }],
          },
        ],
      },
    ]);
  });

  it('routes every card’s buttons, each through its own port', async () => {
    const { context } = testContext();
    expect(carouselDefinition.ports(carousel).map((port) => port.id)).toEqual(['button:a', 'button:b']);
    expect(
      await carouselRuntime.receive?.(
        carousel,
        { kind: 'postback', payload: gotoPayload('m1', 'b') },
        context,
        1,
      ),
    ).toEqual({ kind: 'continue', port: 'button:b' });
    // A typed label counts as pressing the button.
    expect(await carouselRuntime.receive?.(carousel, { kind: 'text', text: 'pick a' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'button:a',
    });
  });

  it('applies a pressed button’s Set Variable actions first', () => {
    const { context, variables } = testContext();
    carouselRuntime.acknowledge?.(carousel, { kind: 'postback', payload: gotoPayload('m1', 'a') }, context);
    expect(variables.get('pick')).toBe('a');
  });

  it('goes straight on when no card has a reply button', async () => {
    const links = carouselContentSchema.parse({
      cards: [
        {
          title: 'Docs',
          buttons: [{ id: 'd', label: 'Read', action: { type: 'url', url: 'https://x.example' } }],
        },
      ],
    });
    expect(await carouselRuntime.enter(links, testContext().context)).toEqual({
      kind: 'continue',
      port: 'next',
    });
    expect(carouselDefinition.waitsForInput(links)).toBe(false);
    expect(carouselDefinition.ports(links)).toEqual([{ id: 'next', label: 'Next' }]);
  });

  it('offers its cards again after a fallback answer', () => {
    const { context } = testContext({ variables: { first: 'Tea' } });
    expect(carouselRuntime.offerAgain?.(carousel, context)).toMatchObject({
      type: 'carousel',
      cards: [{ title: 'Tea' }, { title: 'B' }],
    });
  });

  it('needs one to ten cards', () => {
    expect(carouselContentSchema.safeParse({ cards: [] }).error?.issues[0]?.message).toBe(
      'Add at least one card',
    );
    const eleven = Array.from({ length: 11 }, (_, index) => ({ title: `Card ${index}`, buttons: [] }));
    expect(carouselContentSchema.safeParse({ cards: eleven }).success).toBe(false);
  });

  it('tells the validator what its cards read and write', () => {
    expect(carouselDefinition.variables(carousel)).toMatchObject({
      templates: expect.arrayContaining(['{{ first }}', 'B', 'The other one']),
      writes: ['pick'],
    });
    expect(carouselDefinition.summary(carousel)).toEqual(['{{ first }}', 'B']);
  });
});
