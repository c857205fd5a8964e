import { defaultLiteHours, type LiteAnswers, type LiteBot } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { fakeApi } from '../../../test/api';
import { botDetail, deployment } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { BotFormPage } from './bot-form-page';

const owner = signedInUser({
  email: 'lena@casalola.example',
  company: { name: 'Casa Lola', company_type: 'Lite' },
});

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('the guided bot form', () => {
  it('checks every answer in place before the next step, then builds, tries and publishes the bot', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = fakeApi({
      'POST /api/lite/bots': ({ body }) => ({
        status: 201,
        body: {
          id: 'b1',
          bot: { ...botDetail({ name: 'Casa Lola' }), flow: undefined },
          answers: body as LiteAnswers,
          template_version: 2,
          draft_revision: 1,
        } as unknown as LiteBot,
      }),
      'GET /api/bots/b1/test-deployment': deployment({ id: 'test-1', key: 'key-test', version: null }),
      'GET /api/bots/b1/deployments': [],
      'POST /api/bots/b1/publish': {
        status: 201,
        body: {
          version: { version: 1, created_at: '2026-11-28T10:00:00.000Z', modules: 9 },
          findings: [],
          deployments: [],
        },
      },
      'POST /api/bots/b1/deployments': { status: 201, body: deployment({ key: 'key-lola' }) },
    });
    renderWithApp(<BotFormPage />, {
      queryClient: signedInClient(owner),
      route: '/v2/lite/bot-form-creation',
    });

    // 1. Business: the company's name is filled in; a website must be an address.
    const name = await screen.findByRole('textbox', { name: 'Business name' });
    // The count over the form is the stepper's: its six questions and the publishing step.
    const stepper = screen.getByLabelText('Steps of the form');
    expect(
      within(stepper).getAllByText(/^(Business|Purpose|Tone|Hours|Questions|Contact|Publish)$/),
    ).toHaveLength(7);
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    expect(name).toHaveValue('Casa Lola');
    await user.clear(name);
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'casalola');
    await user.click(continueButton());
    expect(await screen.findByText(/Write your business name/)).toBeInTheDocument();
    expect(screen.getByText(/Write a web address such as/)).toBeInTheDocument();
    await user.type(name, 'Casa Lola');
    await user.clear(screen.getByRole('textbox', { name: 'Website' }));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://casalola.example');
    await user.click(continueButton());

    // 2. Purpose, 3. tone, 4. hours.
    await user.click(await screen.findByRole('radio', { name: /Capture leads/ }));
    await user.click(continueButton());
    await screen.findByText('Step 3 of 7');
    await user.click(continueButton());
    await screen.findByText('Step 4 of 7');
    await user.click(continueButton());

    // 5. Questions: an empty question is refused where it is.
    await screen.findByText('Step 5 of 7');
    await user.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'Yes, within 5 km.');
    await user.click(continueButton());
    expect(await screen.findByText(/Write the question/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Do you deliver?');
    await user.click(continueButton());

    // 6. Contact: the email and a phone of at most 12 digits.
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    expect(email).toHaveValue('lena@casalola.example');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Phone (optional)' }), '+34 600 123 456 789');
    await user.click(screen.getByRole('button', { name: 'Create my assistant' }));
    expect(await screen.findByText(/Write an email address such as/)).toBeInTheDocument();
    expect(screen.getByText(/up to 12 digits/)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.clear(email);
    await user.type(email, 'hola@casalola.example');
    await user.clear(screen.getByRole('textbox', { name: 'Phone (optional)' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone (optional)' }), '+34 600 123 456');
    await user.click(screen.getByRole('radio', { name: /Email them to me/ }));
    await user.click(screen.getByRole('button', { name: 'Create my assistant' }));

    expect(await screen.findByRole('heading', { name: 'Your assistant is ready' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      businessName: 'Casa Lola',
      website: 'https://casalola.example',
      purpose: 'leads',
      tone: 'friendly',
      language: 'en',
      greeting: '',
      hours: defaultLiteHours(),
      faqs: [{ question: 'Do you deliver?', answer: 'Yes, within 5 km.' }],
      contact: { email: 'hola@casalola.example', phone: '+34 600 123 456', handoff: 'email' },
    });
    expect(screen.getByTitle('Casa Lola in the tester')).toHaveAttribute(
      'src',
      '/v2/lite/bots/test-1/tester',
    );

    await user.click(screen.getByRole('button', { name: 'Publish and get the code' }));
    expect(
      await screen.findByText(/Published! Your assistant answers/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.body.textContent).toContain('key-lola'));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(
      expect.arrayContaining(['POST /api/bots/b1/publish', 'POST /api/bots/b1/deployments']),
    );
    // Six steps typed by a person: slow on a loaded machine.
  }, 90_000);

  it('adds the catalogue read in the questions step to the bot once it is built', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = fakeApi({
      'POST /api/lite/csv': {
        kind: 'catalogue',
        fileName: 'prices.csv',
        columns: ['SKU', 'Product', 'Price'],
        rowCount: 3,
      },
      'POST /api/lite/bots': ({ body }) => ({
        status: 201,
        body: {
          id: 'b1',
          bot: { ...botDetail({ name: 'Casa Lola' }), flow: undefined },
          answers: body as LiteAnswers,
          template_version: 2,
          draft_revision: 1,
        } as unknown as LiteBot,
      }),
      'POST /api/lite/bots/b1/catalogue': {
        status: 202,
        body: {
          id: 's1',
          kind: 'csv',
          name: 'prices',
          live: null,
          pending: null,
          columns: [],
          publication: 'unpublished',
          updatedAt: '2026-11-28T10:00:00.000Z',
        },
      },
      'GET /api/bots/b1/test-deployment': deployment({ id: 'test-1', key: 'key-test', version: null }),
    });
    const queryClient = signedInClient(owner);
    queryClient.setQueryData(frontendConfigQuery.queryKey, {
      statusPageUrl: '',
      supportUrl: '',
      agentsApiBaseUrl: '/agents',
      telemetry: { instrumentationKey: '', endpointPath: '/v2/track' },
      llm: { configured: true, defaultModel: 'gpt-4o-mini' },
      nlu: { maxUtterances: 100, maxUtteranceLength: 280 },
      mail: { configured: true },
    });
    renderWithApp(<BotFormPage />, { queryClient, route: '/v2/lite/bot-form-creation' });
    for (const step of [1, 2, 3, 4]) {
      await screen.findByText(`Step ${step} of 7`);
      await user.click(continueButton());
    }
    await screen.findByText('Step 5 of 7');
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Do you deliver?');
    await user.type(screen.getByRole('textbox', { name: 'Answer 1' }), 'Yes.');
    await user.upload(
      screen.getByLabelText('Upload a CSV file'),
      new File(['SKU,Product,Price\n'], 'prices.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('Catalogue: prices.csv')).toBeInTheDocument();
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Create my assistant' }));

    expect(
      await screen.findByText(/prices.csv is being read into your assistant’s knowledge/),
    ).toBeInTheDocument();
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname),
    ).toEqual(['/api/lite/csv', '/api/lite/bots', '/api/lite/bots/b1/catalogue']);
  }, 60_000);
});
