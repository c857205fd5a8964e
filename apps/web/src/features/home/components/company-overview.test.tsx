import type { CurrentUser } from '@parley/contracts';
import { screen } from '@testing-library/react';
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

describe('the company card on the home page', () => {
  it('shows a running trial with its end date', () => {
    renderWithApp(<CompanyCard company={company('2026-12-05T12:00:00.000Z')} now={now} />);
    expect(screen.getByText('Trial until December 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('Trial')).toBeInTheDocument();
  });

  it('says when the trial has ended', () => {
    renderWithApp(<CompanyCard company={company('2026-11-01T00:00:00.000Z')} now={now} />);
    expect(screen.getByText('Trial ended on November 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Trial ended')).toBeInTheDocument();
  });

  it('shows a subscribed company as such', () => {
    renderWithApp(<CompanyCard company={company('None')} now={now} />);
    expect(screen.getByText('Subscribed')).toBeInTheDocument();
  });
});
