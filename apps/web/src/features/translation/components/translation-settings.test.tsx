import type { BotTranslation, TranslationProvider } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { TranslationSettings } from './translation-settings';

const noKey: TranslationProvider = { configured: false };
const freeKey: TranslationProvider = {
  configured: true,
  provider: 'deepl',
  plan: 'free',
  keyHint: '••••••••a1fx',
  characterCount: 125_000,
  characterLimit: 500_000,
  checkedAt: '2026-11-25T09:00:00.000Z',
  problem: null,
};
const botTranslation = (
  provider: TranslationProvider,
  offeredLanguages: BotTranslation['offeredLanguages'] = [],
) => ({
  mainLanguage: 'en',
  offeredLanguages,
  provider,
  usage: { characters: 4_200, requests: 12 },
});

function renderTab(permissions?: string[]) {
  return renderWithApp(<TranslationSettings botId="b1" />, {
    queryClient: signedInClient(signedInUser(permissions ? { permissions } : {})),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the translation tab', () => {
  it('checks a key with DeepL before saving it, and says plainly when DeepL refuses it', async () => {
    let saved = false;
    const { requests } = fakeApi({
      'GET /api/translation/provider': () => (saved ? freeKey : noKey),
      'GET /api/bots/b1/translation': () => botTranslation(saved ? freeKey : noKey),
      'PUT /api/translation/provider': ({ body }) => {
        if ((body as { apiKey: string }).apiKey === 'revoked-key:fx')
          return {
            status: 400,
            body: { error: { name: 'TranslationKeyRejectedException', message: 'DeepL answered 403' } },
          };
        saved = true;
        return freeKey;
      },
    });
    renderTab();
    // No key: the languages wait for one.
    await screen.findByText('Add a DeepL key above so the bot can speak other languages.');
    expect(screen.getByRole('checkbox', { name: 'Spanish' })).toBeDisabled();

    const key = screen.getByLabelText('DeepL API key');
    fireEvent.change(key, { target: { value: 'revoked-key:fx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    await screen.findByText(/DeepL refused this key/);
    // Only the error is red: the field is marked wrong, its help stays as it was.
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/We check it with DeepL before saving/)).not.toHaveClass('Mui-error');

    fireEvent.change(key, { target: { value: '  good-key:fx ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    await screen.findByText('DeepL API Free');
    expect(screen.getByLabelText('API key')).toHaveTextContent('••••••••a1fx');
    expect(screen.getByText('125,000 of 500,000 characters used this billing period')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({
      provider: 'deepl',
      apiKey: 'good-key:fx',
    });
    // The key never comes back: the form is gone, and the languages can now be offered.
    expect(screen.queryByLabelText('DeepL API key')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Spanish' })).toBeEnabled());
  });

  it('offers languages besides the bot’s own and shows this month’s usage', async () => {
    const { requests } = fakeApi({
      'GET /api/translation/provider': freeKey,
      'GET /api/bots/b1/translation': botTranslation(freeKey, ['de']),
      'PUT /api/bots/b1/translation': ({ body }) =>
        botTranslation(freeKey, (body as BotTranslation).offeredLanguages),
    });
    renderTab();
    const offered = await screen.findByRole('group', { name: 'Languages offered' });
    expect(within(offered).queryByRole('checkbox', { name: 'English' })).not.toBeInTheDocument();
    expect(within(offered).getByRole('checkbox', { name: 'German' })).toBeChecked();
    expect(
      screen.getByText('This month: 4,200 characters translated for this bot in 12 requests.'),
    ).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save languages' });
    expect(save).toBeDisabled();

    fireEvent.click(within(offered).getByRole('checkbox', { name: 'Spanish' }));
    fireEvent.click(save);
    await screen.findByText('Languages saved');
    // In the order of the list, whatever order they were ticked in.
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      offeredLanguages: ['es', 'de'],
    });
  });

  it('warns when the quota is spent, and lets only those who manage the company change the key', async () => {
    const spent: TranslationProvider = {
      ...freeKey,
      problem: {
        reason: 'rate_limited',
        message: 'Quota exceeded',
        status: 456,
        at: '2026-11-25T09:30:00.000Z',
      } as Extract<TranslationProvider, { configured: true }>['problem'],
    };
    fakeApi({
      'GET /api/translation/provider': spent,
      'GET /api/bots/b1/translation': botTranslation(spent),
    });
    renderTab(['bots:view', 'bots:manage']);
    await screen.findByText(/The DeepL character quota is spent/);
    expect(screen.queryByRole('button', { name: 'Replace key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove key' })).not.toBeInTheDocument();
  });
});
