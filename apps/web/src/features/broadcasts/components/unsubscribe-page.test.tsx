import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { UnsubscribePage } from './unsubscribe-page';

describe('the unsubscribe page', () => {
  it('asks first, then unsubscribes with the link’s token', async () => {
    const api = fakeApi({ 'POST /api/chat/unsubscribe': { status: 204, body: null } });
    renderWithApp(<UnsubscribePage />, { route: '/v2/unsubscribe?token=abc.def', path: '/v2/unsubscribe' });
    expect(await screen.findByRole('heading', { name: 'Stop these messages?' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    await waitFor(() => expect(api.requests.at(-1)?.body).toEqual({ token: 'abc.def' }));
  });

  it('says when the link is not valid', async () => {
    fakeApi({
      'POST /api/chat/unsubscribe': {
        status: 404,
        body: { error: { name: 'NotFoundException', message: 'This unsubscribe link is not valid' } },
      },
    });
    renderWithApp(<UnsubscribePage />, { route: '/v2/unsubscribe?token=forged', path: '/v2/unsubscribe' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
  });

  it('cannot unsubscribe without a token', async () => {
    renderWithApp(<UnsubscribePage />, { route: '/v2/unsubscribe', path: '/v2/unsubscribe' });
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
  });
});
