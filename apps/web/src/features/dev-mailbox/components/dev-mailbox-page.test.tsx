import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { DevMailboxPage } from './dev-mailbox-page';

const link = 'http://localhost:3000/v2/register/confirm?token=abc_DEF-123';

describe('the development mailbox', () => {
  it('lists the mails not sent, each link clickable and copyable', async () => {
    fakeApi({
      'GET /api/dev-mailbox': {
        smtpConfigured: false,
        mails: [
          {
            id: 'm2',
            to: 'ada@example.com',
            subject: 'Finish creating your Parley account',
            createdAt: '2026-12-02T09:30:00.000Z',
            text: `Hi Ada,\n\nOpen this link within 24 hours:\n\n${link}\n\nIf you did not sign up, ignore this mail.`,
          },
          {
            id: 'm1',
            to: 'bob@example.com',
            subject: 'Reset your Parley password',
            createdAt: '2026-12-02T09:00:00.000Z',
            text: 'Hi Bob, <script>alert(1)</script> nothing to follow.',
          },
        ],
      },
    });
    renderWithApp(<DevMailboxPage />);
    expect(await screen.findByRole('heading', { name: 'Development mailbox' })).toBeInTheDocument();
    expect(screen.getByText(/has no mail server configured \(SMTP_URL\)/)).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('article');
    expect(first).toHaveAccessibleName('Finish creating your Parley account');
    expect(within(first as HTMLElement).getByText('To ada@example.com')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(within(first as HTMLElement).getByRole('link', { name: /Open/ })).toHaveAttribute('href', link);
    expect(
      within(first as HTMLElement).getByRole('button', {
        name: 'Copy the link of “Finish creating your Parley account”',
      }),
    ).toBeInTheDocument();
    // A mail's words are text, never markup.
    expect(second).toHaveTextContent('<script>alert(1)</script>');
    expect(within(second as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when there is no mail yet, and when the server sends mail for real', async () => {
    fakeApi({ 'GET /api/dev-mailbox': { smtpConfigured: true, mails: [] } });
    renderWithApp(<DevMailboxPage />, { language: 'es' });
    expect(await screen.findByText('Aún no hay correos')).toBeInTheDocument();
    expect(screen.getByText(/envía los correos por su servidor de correo/)).toBeInTheDocument();
  });
});
