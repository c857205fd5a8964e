import type { CurrentUser, UserRole } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { CompanySettingsPage } from './company-settings-page';

const user = (role: UserRole, permissions: string[]): CurrentUser => signedInUser({ role, permissions });

function renderPage(signedIn: CurrentUser) {
  return renderWithApp(
    <QueryClientProvider client={signedInClient(signedIn)}>
      <SnackbarProvider>
        <MemoryRouter>
          <CompanySettingsPage />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe('the company settings page', () => {
  it('lets an owner pick an industry, saving only once something changed', () => {
    renderPage(user('owner', ['company:manage']));
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(screen.getByText(/Choose your industry above/)).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Industry/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // "Not set" first, then the industries in alphabetical order.
    expect(options.map((option) => option.textContent).slice(0, 4)).toEqual([
      'Not set',
      'Automotive',
      'Banking & financial services',
      'Education',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Hotels & restaurants' }));
    expect(save).toBeEnabled();
  });

  it('shows builders and agents the settings without letting them change them', () => {
    renderPage(user('agent', ['inbox:use']));
    expect(
      screen.getByText('Only owners and admins of Seaside Inn can change these settings.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
