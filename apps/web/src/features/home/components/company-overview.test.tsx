import type { CurrentUser } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { CompanyCard } from './company-overview';

const now = Date.parse('2026-11-21T12:00:00Z');
const company = (company_expiration_date: string): CurrentUser['company'] => ({
  id: 'c1',
  name: 'Trial Co',
  company_type: 'Regular',
  company_expiration_date,
  industry: null,
  two_factor_enabled: false,
  sections: [],
});

const renderCard = (value: CurrentUser['company']) =>
  renderWithApp(
    <MemoryRouter>
      <CompanyCard company={value} now={now} />
    </MemoryRouter>,
  );

describe('the company card on the home page', () => {
  it('shows a running trial with its end date', () => {
    renderCard(company('2026-12-05T12:00:00.000Z'));
    expect(screen.getByText('Trial until December 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('Trial')).toBeInTheDocument();
  });

  it('says when the trial has ended', () => {
    renderCard(company('2026-11-01T00:00:00.000Z'));
    expect(screen.getByText('Trial ended on November 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Trial ended')).toBeInTheDocument();
  });

  it('shows a subscribed company as such', () => {
    renderCard(company('None'));
    expect(screen.getByText('Subscribed')).toBeInTheDocument();
  });

  it('names the industry, or says it is not set, and leads to the company settings', () => {
    const { unmount } = renderCard(company('None'));
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company settings' })).toHaveAttribute(
      'href',
      '/v2/company/settings',
    );
    unmount();
    renderCard({ ...company('None'), industry: 'hospitality' });
    expect(screen.getByText('Hotels & restaurants')).toBeInTheDocument();
  });
});
