import {
  defaultLiteHours,
  type LiteAnswers,
  type LiteBot,
  type WebchatStyle,
  webchatStyleSchema,
} from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { fakeApi } from '../../../test/api';
import { botDetail, deployment } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { LiteSettingsPage } from './lite-settings-page';

const answers: LiteAnswers = {
  businessName: 'Casa Lola',
  website: 'https://casalola.example',
  purpose: 'leads',
  tone: 'friendly',
  language: 'en',
  greeting: '',
  hours: defaultLiteHours(),
  faqs: [{ question: 'Do you deliver?', answer: 'Yes, within 5 km.' }],
  contact: { email: 'hola@casalola.example', phone: '', handoff: 'inbox' },
};

const { flow: _flow, ...summary } = botDetail({ name: 'Casa Lola' });
const liteBot: LiteBot = {
  id: 'b1',
  bot: summary as LiteBot['bot'],
  answers,
  template_version: 2,
  draft_revision: 4,
};

const lite = signedInUser({ company: { name: 'Casa Lola', company_type: 'Lite' } });

function renderSettings(
  routes: Parameters<typeof fakeApi>[0],
  page = 'settings',
  queryClient = signedInClient(lite),
) {
  const api = fakeApi({
    'GET /api/bots/b1': botDetail({ name: 'Casa Lola' }),
    'GET /api/bots/b1/test-deployment': deployment({ id: 't1', key: 'key-test', version: null }),
    'GET /api/bots/b1/versions': [],
    'GET /api/bots/b1/deployments': [],
    ...routes,
  });
  const path = page === 'styling' ? '/v2/lite/bots/:botId/settings/styling' : '/v2/lite/bots/:botId/settings';
  renderWithApp(<LiteSettingsPage />, {
    route: page === 'styling' ? '/v2/lite/bots/b1/settings/styling' : '/v2/lite/bots/b1/settings',
    path,
    queryClient,
  });
  return api;
}

describe('lite settings', () => {
  it('edit the form’s answers and save them over the revision they started from', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderSettings({
      'GET /api/lite/bots/b1': liteBot,
      'PUT /api/lite/bots/b1': ({ body }) => ({
        ...liteBot,
        answers: (body as { answers: LiteAnswers }).answers,
        draft_revision: 5,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Casa Lola' })).toBeInTheDocument();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Welcome message (optional)' }), 'Welcome to Lola!');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Saved. Publish to put the changes live.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      answers: { ...answers, greeting: 'Welcome to Lola!' },
      baseRevision: 4,
    });
  }, 60_000);

  it('refuse a bad answer in place, and say when someone else saved meanwhile', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderSettings({
      'GET /api/lite/bots/b1': liteBot,
      'PUT /api/lite/bots/b1': {
        status: 409,
        body: { error: { name: 'ConflictException', message: 'The draft changed' } },
      },
    });
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await user.clear(email);
    await user.type(email, 'lola');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Write an email address such as/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
    await user.type(email, '@casalola.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Someone else changed this assistant meanwhile; reload the page to see their changes.',
      ),
    ).toBeInTheDocument();
  }, 60_000);

  it('speak of the assistant as one that exists: AI drafts are read before saving, not before creating it', async () => {
    const user = userEvent.setup({ delay: null });
    const queryClient = signedInClient(lite);
    queryClient.setQueryData(frontendConfigQuery.queryKey, {
      statusPageUrl: '',
      supportUrl: '',
      agentsApiBaseUrl: '/agents',
      telemetry: { instrumentationKey: '', endpointPath: '/v2/track' },
      llm: { configured: true, defaultModel: 'gpt-4o-mini' },
      nlu: { maxUtterances: 100, maxUtteranceLength: 280 },
      mail: { configured: true },
    });
    renderSettings(
      {
        'GET /api/lite/bots/b1': liteBot,
        'POST /api/lite/answer-drafts': {
          model: 'gpt-4o-mini',
          faqs: [{ question: 'Do you open on Sundays?', answer: 'No.' }],
        },
      },
      'settings',
      queryClient,
    );
    expect(
      await screen.findByText(/read and change them before you save your changes\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suggest questions with AI' }));
    expect(
      await screen.findByText(
        'Drafted 1 answer with AI: read it and change what is not right before you save.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/before you create your assistant/)).not.toBeInTheDocument();
  }, 60_000);

  it('say so for a bot built on the canvas', async () => {
    renderSettings({
      'GET /api/lite/bots/b1': {
        status: 409,
        body: {
          error: {
            name: 'ConflictException',
            message: 'Built on the canvas',
            details: { reason: 'not-lite' },
          },
        },
      },
    });
    expect(
      await screen.findByText('This bot was built on the canvas, so it cannot be changed here.'),
    ).toBeInTheDocument();
  });

  it('style the widget from a preset, saved with the rest of the look', async () => {
    const style: WebchatStyle = webchatStyleSchema.parse({});
    const { requests } = renderSettings(
      {
        'GET /api/bots/b1/webchat-style': style,
        'PUT /api/bots/b1/webchat-style': ({ body }) => body as WebchatStyle,
      },
      'styling',
    );
    expect(await screen.findByRole('tab', { name: 'Look', selected: true })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Night' }));
    const save = screen.getByRole('button', { name: 'Save style' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      primaryColor: '#38bdf8',
      backgroundColor: '#0f172a',
      theme: 'dark',
    });
  }, 60_000);
});
