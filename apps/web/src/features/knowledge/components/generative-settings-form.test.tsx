import { DEFAULT_GENERATIVE_SETTINGS, type GenerativeTab } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { GenerativeSettingsForm } from './generative-settings-form';

const reason = 'Every row must have the header’s 3 columns; these lines do not (lines 3 and 5).';
const tab: GenerativeTab = {
  settings: DEFAULT_GENERATIVE_SETTINGS,
  sources: [
    { id: 's1', name: 'prices', state: 'ready', error: null },
    { id: 's2', name: 'old prices', state: 'failed', error: reason },
    { id: 's3', name: 'returns', state: 'failed', error: 'This PDF has no text to read.' },
  ],
  model: { configured: true, defaultModel: 'gpt-4o-mini' },
  draftRevision: 1,
  unpublished: false,
};

describe('the generative settings’ sources', () => {
  it('offers only sources that can be searched, lists the failed ones with why, and marks one chosen before', () => {
    renderWithApp(
      <GenerativeSettingsForm
        tab={tab}
        settings={{ ...DEFAULT_GENERATIVE_SETTINGS, allSources: false, sourceIds: ['s3'] }}
        onChange={vi.fn()}
        disabled={false}
      />,
    );
    expect(screen.getByRole('checkbox', { name: /^prices/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /old prices/ })).not.toBeInTheDocument();
    // Chosen before its file failed: still there, ticked, marked failed with the reason.
    const chosen = screen.getByRole('checkbox', { name: /returns/ });
    expect(chosen).toBeChecked();
    expect(
      screen.getByText(/This PDF has no text to read\. It cannot be searched: untick it/),
    ).toBeInTheDocument();
    const hidden = screen.getByRole('group', { name: 'Not offered, because its file failed to process:' });
    expect(within(hidden).getByText('old prices')).toBeInTheDocument();
    expect(within(hidden).getByText('Failed')).toBeInTheDocument();
    expect(within(hidden).getByText(`Its file failed to process: ${reason}`)).toBeInTheDocument();
  });
});
