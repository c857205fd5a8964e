import type { ChatMessage } from '@parley/sdk';

const at = new Date(0).toISOString();

/** The sample conversation of the styling editor's preview: every kind of message, no network. */
export function previewMessages(): ChatMessage[] {
  return [
    {
      seq: 1,
      role: 'bot',
      created_at: at,
      message: {
        type: 'text',
        text: 'Hi! I can help with **orders**, *returns* and [shipping](https://example.com).',
      },
    },
    {
      seq: 2,
      role: 'bot',
      created_at: at,
      message: {
        type: 'buttons',
        text: 'What would you like to do?',
        buttons: [
          { id: 'track', label: 'Track an order', kind: 'reply', payload: 'track' },
          { id: 'return', label: 'Start a return', kind: 'reply', payload: 'return' },
        ],
      },
    },
    { seq: 3, role: 'user', created_at: at, message: { type: 'text', text: 'Track an order' } },
    {
      seq: 4,
      role: 'agent',
      created_at: at,
      message: { type: 'text', text: 'Hello, this is Sam from support. Let me check that for you.' },
    },
  ];
}
