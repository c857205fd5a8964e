import { describe, expect, it } from 'vitest';
import { buttonLabelFor } from './button-labels';
import { flowFixture } from './testing/flow-fixture';

const flow = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'How can we help?',
      buttons: [
        { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
        { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
        { id: 'docs', label: 'Read the docs', action: { type: 'url', url: 'https://docs.parley.test' } },
        { id: 'named', label: 'I am {{ name }}', action: { type: 'goto' } },
      ],
    },
    { 'button:order': 'bye', 'button:person': 'bye' },
  )
  .module('offer', 'card', {
    card: {
      title: 'Tea of the month',
      buttons: [{ id: 'buy', label: 'Buy it', action: { type: 'postback', payload: 'BUY_TEA' } }],
    },
  })
  .module('bye', 'end', {})
  .build();

describe('the label of a pressed button, from its payload', () => {
  it('finds a go-to button by its module and button', () => {
    expect(buttonLabelFor(flow, 'parley:button:start:person')).toBe('Talk to a person');
    expect(buttonLabelFor(flow, 'parley:button:start:order')).toBe('Where is my order?');
  });

  it('finds a postback button inside a card by the payload it sends', () => {
    expect(buttonLabelFor(flow, 'BUY_TEA')).toBe('Buy it');
  });

  it('knows no label for a payload no button sends', () => {
    expect(buttonLabelFor(flow, 'parley:button:start:nobody')).toBeUndefined();
    expect(buttonLabelFor(flow, 'parley:button:offer:person')).toBeUndefined();
    expect(buttonLabelFor(flow, 'GET_STARTED')).toBeUndefined();
    // A label written as a template printed something this helper cannot know.
    expect(buttonLabelFor(flow, 'parley:button:start:named')).toBeUndefined();
    // A link button sends nothing back.
    expect(buttonLabelFor(flow, 'https://docs.parley.test')).toBeUndefined();
  });
});
