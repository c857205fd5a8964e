import type { BotTextTranslation, BotTranslations } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { TranslationsView } from './translations-view';

const provider = {
  configured: true,
  provider: 'deepl',
  plan: 'pro',
  keyHint: '••••1234',
  characterCount: 0,
  characterLimit: 1000,
  checkedAt: '2026-11-25T09:00:00.000Z',
  problem: null,
};
const text = (
  key: string,
  source: string,
  state: BotTextTranslation['state'],
  translation: string | null,
) => ({
  key,
  moduleId: key.split('.')[0] ?? null,
  moduleName: 'Greeting',
  moduleType: 'text',
  field: 'text',
  source,
  state,
  translation,
  machine: state === 'machine' ? translation : null,
  previousSource: null,
  updatedAt: null,
});
const view = (
  texts: ReturnType<typeof text>[],
  pretranslation: BotTranslations['pretranslation'] = null,
): BotTranslations => ({
  mainLanguage: 'en',
  language: 'es',
  texts,
  counts: {
    missing: texts.filter((each) => each.state === 'missing').length,
    outdated: 0,
    machine: texts.filter((each) => each.state === 'machine').length,
    reviewed: 0,
    edited: texts.filter((each) => each.state === 'edited').length,
  },
  pretranslation,
});

afterEach(() => vi.unstubAllGlobals());

describe('the Translations tab', () => {
  it('lists texts with their state, translates the missing ones batch by batch, and saves a person’s edit', async () => {
    let translated = false;
    let batches = 0;
    const { requests } = fakeApi({
      'GET /api/bots/b1/translation': {
        mainLanguage: 'en',
        offeredLanguages: ['es'],
        provider,
        usage: { characters: 0, requests: 0 },
      },
      'GET /api/bots/b1/translations': () =>
        view([
          text(
            'start.text',
            'Welcome!',
            translated ? 'machine' : 'missing',
            translated ? '¡Bienvenido!' : null,
          ),
          text('bye.text', 'Bye', translated ? 'machine' : 'missing', translated ? 'Adiós' : null),
        ]),
      'POST /api/bots/b1/translations/translate-missing': () => {
        batches += 1;
        if (batches === 2) translated = true;
        return { translated: 1, remaining: batches === 1 ? 1 : 0 };
      },
      'PUT /api/bots/b1/translations': ({ body }) => ({
        ...text('start.text', 'Welcome!', 'edited', (body as { translation: string }).translation),
        machine: '¡Bienvenido!',
      }),
    });
    renderWithApp(<TranslationsView botId="b1" />, { queryClient: signedInClient(signedInUser({})) });
    await screen.findByText('Welcome!');
    expect(screen.getByRole('button', { name: 'Translate 2 missing texts' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Translate 2 missing texts' }));
    await screen.findByRole('button', { name: 'Nothing missing' });
    expect(batches).toBe(2);

    const row = screen.getByTestId('translation-start.text');
    const field = within(row).getByLabelText('Translation');
    await waitFor(() => expect(field).toHaveValue('¡Bienvenido!'));
    fireEvent.change(field, { target: { value: '¡Hola y bienvenido!' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    // The saved row starts afresh with the person's translation.
    await waitFor(() =>
      expect(within(screen.getByTestId('translation-start.text')).getByText('Edited')).toBeInTheDocument(),
    );
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      language: 'es',
      key: 'start.text',
      translation: '¡Hola y bienvenido!',
    });
  });

  it('shows the background translation running, then done, and a failed one as tried again', async () => {
    let reads = 0;
    const background = (status: 'running' | 'done') => ({
      status,
      translated: status === 'done' ? 2 : 0,
      attempts: 1,
      problem: null,
      updatedAt: '2026-11-28T09:00:00.000Z',
    });
    fakeApi({
      'GET /api/bots/b1/translation': {
        mainLanguage: 'en',
        offeredLanguages: ['es'],
        provider,
        usage: { characters: 0, requests: 0 },
      },
      'GET /api/bots/b1/translations': () => {
        reads += 1;
        return reads === 1
          ? view([text('start.text', 'Welcome!', 'missing', null)], background('running'))
          : view([text('start.text', 'Welcome!', 'machine', '¡Bienvenido!')], background('done'));
      },
    });
    renderWithApp(<TranslationsView botId="b1" />, { queryClient: signedInClient(signedInUser({})) });
    expect(
      await screen.findByText('Translating this bot’s texts in the background, so visitors find them ready…'),
    ).toBeInTheDocument();
    // The view follows the background work by itself.
    expect(
      await screen.findByText(/Translated in the background on .*: 2 new texts\./, {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('says a failed background translation is tried again, and why it failed', async () => {
    fakeApi({
      'GET /api/bots/b1/translation': {
        mainLanguage: 'en',
        offeredLanguages: ['es'],
        provider,
        usage: { characters: 0, requests: 0 },
      },
      'GET /api/bots/b1/translations': view([text('start.text', 'Welcome!', 'missing', null)], {
        status: 'failed',
        translated: 0,
        attempts: 2,
        problem: 'DeepL did not translate: Quota exceeded',
        updatedAt: '2026-11-28T09:00:00.000Z',
      }),
    });
    renderWithApp(<TranslationsView botId="b1" />, { queryClient: signedInClient(signedInUser({})) });
    expect(
      await screen.findByText(
        /The background translation failed on .*: DeepL did not translate: Quota exceeded\. It is tried again by itself/,
      ),
    ).toBeInTheDocument();
  });

  it('says which lines of a refused file are wrong, and that nothing was imported', async () => {
    fakeApi({
      'GET /api/bots/b1/translation': {
        mainLanguage: 'en',
        offeredLanguages: ['es'],
        provider,
        usage: { characters: 0, requests: 0 },
      },
      'GET /api/bots/b1/translations': view([text('start.text', 'Welcome!', 'machine', '¡Bienvenido!')]),
      'POST /api/bots/b1/translations/import': {
        status: 400,
        body: {
          error: {
            name: 'TranslationImportException',
            message: 'Nothing was imported',
            details: { problems: [{ line: 3, key: 'nowhere.text', code: 'unknown-key', message: 'x' }] },
          },
        },
      },
    });
    renderWithApp(<TranslationsView botId="b1" />, { queryClient: signedInClient(signedInUser({})) });
    await screen.findByText('Welcome!');
    const file = new File(['key,translation\nnowhere.text,Hola\n'], 'es.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Translation file (CSV or XLIFF)'), { target: { files: [file] } });
    await screen.findByText('Nothing was imported. Fix the file and import it again:');
    expect(screen.getByText(/Line 3: the bot has no text “nowhere.text”/)).toBeInTheDocument();
  });

  it('asks for languages first when the bot offers none', async () => {
    fakeApi({
      'GET /api/bots/b1/translation': {
        mainLanguage: 'en',
        offeredLanguages: [],
        provider,
        usage: { characters: 0, requests: 0 },
      },
    });
    renderWithApp(<TranslationsView botId="b1" />, {
      queryClient: signedInClient(signedInUser({})),
      route: '/v2/lite/bots/b1/settings/translations',
    });
    expect(await screen.findByRole('link', { name: 'Add languages' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/b1/settings/languages',
    );
  });
});
