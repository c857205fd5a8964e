import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { ProfilePage } from './profile-page';

const renderProfile = (language: 'en' | 'es' = 'en', user = signedInUser()) =>
  renderWithApp(<ProfilePage />, {
    route: `/v2/profile/${user.id}`,
    path: '/v2/profile/:id',
    queryClient: signedInClient(user),
    language,
  });

describe('the profile page', () => {
  it('shows who is signed in, their role and company, and whether two-factor is on', () => {
    renderProfile(
      'en',
      signedInUser({ role: 'agent', qr_registered: true, company: { two_factor_enabled: true } }),
    );
    expect(screen.getByRole('heading', { name: 'Olivia Owner' })).toBeInTheDocument();
    expect(screen.getByText('Agent')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Seaside Inn requires a code from your authenticator app at every sign-in, and yours is registered.',
      ),
    ).toBeInTheDocument();
  });

  it('saves a changed name and says so', async () => {
    const { requests } = fakeApi({
      'PATCH /api/frontend/user/me': ({ body }) => ({ ...signedInUser(), ...(body as object) }),
    });
    renderProfile();
    const user = userEvent.setup();
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Liv');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({ first_name: 'Liv', last_name: 'Owner' });
    expect(await screen.findByRole('heading', { name: 'Liv Owner' })).toBeInTheDocument();
  });

  it('keeps the language its person reads conversations in, or each bot’s own', async () => {
    const { requests } = fakeApi({
      'PATCH /api/frontend/user/me': ({ body }) => ({ ...signedInUser(), ...(body as object) }),
    });
    renderProfile();
    const user = userEvent.setup();
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveTextContent('Each bot’s own language');
    await user.click(language);
    await user.click(screen.getByRole('option', { name: 'German' }));
    expect(await screen.findByText('Your language was saved.')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ language: 'de' });
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('German');
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Each bot’s own language' }));
    await vi.waitFor(() => expect(requests[1]?.body).toEqual({ language: null }));
  });

  it('checks the new password twice before changing it, in Spanish too', async () => {
    const { requests } = fakeApi({});
    renderProfile('es');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Contraseña actual'), 'old password 1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'short');
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'different');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.getAllByText('Al menos 10 caracteres').length).toBeGreaterThan(0);
    expect(requests).toEqual([]);
  });

  it('says when the current password was wrong', async () => {
    fakeApi({
      'POST /api/frontend/user/me/password': {
        status: 400,
        body: { error: { name: 'ValidationException', message: 'The current password is not right' } },
      },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'wrong password');
    await user.type(screen.getByLabelText('New password'), 'a much longer one');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a much longer one');
    const card = screen.getByRole('button', { name: 'Change password' }).closest('form') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The current password is not right');
  });
});
