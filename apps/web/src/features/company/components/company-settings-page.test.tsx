import type { CurrentUser, UserRole } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '../../../shared/session/current-user';
import { renderWithApp } from '../../../test/render';
import { CompanySettingsPage } from './company-settings-page';

const user = (role: UserRole, permissions: string[]): CurrentUser => ({
  id: 'u1',
  email: 'olivia@example.com',
  first_name: 'Olivia',
  last_name: 'Owner',
  permissions,
  role,
  status: 'active',
  user_type: 'customer',
  qr_registered: false,
  company: {
    id: 'c1',
    name: 'Seaside Inn',
    company_type: 'Regular',
    company_expiration_date: 'None',
    industry: null,
    two_factor_enabled: false,
    sections: [],
  },
});

function renderPage(signedIn: CurrentUser) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, signedIn);
  return renderWithApp(
    <QueryClientProvider client={queryClient}>
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
