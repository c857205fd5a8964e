import type { ChatMessage, InboxMessage, MessageCard } from '@parley/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { MessageBubble } from './message-bubble';

const cardMessage = (card: MessageCard): ChatMessage => ({
  seq: 1,
  role: 'bot',
  message: { type: 'card', card },
  created_at: '2026-11-24T10:00:00.000Z',
});

const card = (url: string, imageUrl: string): MessageCard => ({
  title: 'Green tea',
  imageUrl,
  buttons: [{ id: 'b1', label: 'Open the shop', kind: 'url', url }],
});

describe('a card in the inbox and the debugger', () => {
  it.each([
    ['javascript:alert(document.cookie)', 'javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)', 'vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>', '/relative.png'],
  ])('renders no link to %s and no image from %s', (url, imageUrl) => {
    // With onPress, as the builder's debugger shows it: there URL buttons are links.
    const { container } = renderWithApp(
      <MessageBubble message={cardMessage(card(url, imageUrl))} onPress={vi.fn()} />,
    );
    expect(screen.getByText('Open the shop')).toBeInTheDocument();
    expect(container.querySelectorAll('a, [href]')).toHaveLength(0);
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('links to a web page and shows a web or inline image', () => {
    const { container } = renderWithApp(
      <MessageBubble
        message={cardMessage(card('https://shop.example/tea', 'https://cdn.example/tea.png'))}
        onPress={vi.fn()}
      />,
    );
    expect(screen.getByRole('link', { name: /Open the shop/ })).toHaveAttribute(
      'href',
      'https://shop.example/tea',
    );
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/tea.png');

    const inline = 'data:image/png;base64,iVBORw0KGgo=';
    const { container: second } = renderWithApp(
      <MessageBubble message={cardMessage(card('https://shop.example/tea', inline))} />,
    );
    expect(second.querySelector('img')).toHaveAttribute('src', inline);
  });
});

describe('a message in another language in the inbox', () => {
  const visitor: InboxMessage = {
    seq: 2,
    role: 'user',
    message: { type: 'text', text: 'necesito ayuda' },
    translation: { language: 'de', text: 'Ich brauche Hilfe' },
    created_at: '2026-11-24T10:00:00.000Z',
  };

  it('reads a visitor’s message in the reader’s language, the original a click away', async () => {
    renderWithApp(<MessageBubble message={visitor} />);
    expect(screen.getByText('Ich brauche Hilfe')).toBeInTheDocument();
    expect(screen.queryByText('necesito ayuda')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('necesito ayuda')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show in German' }));
    expect(screen.getByText('Ich brauche Hilfe')).toBeInTheDocument();
  });

  it('shows an agent both what the visitor read and what they wrote', () => {
    renderWithApp(
      <MessageBubble
        message={{
          seq: 3,
          role: 'agent',
          message: { type: 'text', text: 'Te ayudo' },
          translation: { language: 'de', text: 'Ich helfe' },
          created_at: '2026-11-24T10:01:00.000Z',
        }}
      />,
    );
    expect(screen.getByText('Te ayudo')).toBeInTheDocument();
    expect(screen.getByText(/German.*Ich helfe/)).toBeInTheDocument();
  });
});
