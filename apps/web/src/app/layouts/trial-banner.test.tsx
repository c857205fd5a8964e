import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { TrialBanner } from './trial-banner';

const now = Date.parse('2026-11-21T12:00:00Z');

describe('the trial banner', () => {
  it('is absent for companies that are not on trial', () => {
    const { container } = renderWithApp(<TrialBanner expiration="None" now={now} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the end date and the days left', () => {
    renderWithApp(<TrialBanner expiration="2026-12-05T12:00:00.000Z" now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your trial ends on December 5, 2026 — 14 days left.',
    );
  });

  it('says when the trial has ended', () => {
    renderWithApp(<TrialBanner expiration="2026-11-01T00:00:00.000Z" now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your trial ended on November 1, 2026. Publishing, putting bots on websites and your bots’ chats with visitors are paused until you upgrade; your bots, inbox and reports stay open.',
    );
  });
});
