import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultLiteHours,
  type FrontendConfig,
  type LiteAnswers,
  type LiteAnswersInput,
  liteAnswersSchema,
} from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import type { AnswersForm } from './answer-fields';
import { type CatalogueChoice, FaqFields } from './faq-fields';

const configWith = (configured: boolean): FrontendConfig => ({
  statusPageUrl: 'https://status.example.com/',
  supportUrl: 'https://help.example.com/',
  agentsApiBaseUrl: '/agents',
  telemetry: { instrumentationKey: 'k', endpointPath: '/v2/track' },
  llm: { configured, defaultModel: configured ? 'gpt-4o-mini' : '' },
  nlu: { maxUtterances: 100, maxUtteranceLength: 280 },
  mail: { configured: true },
});

/** The form's questions step as the creation form holds it: the answers and a catalogue slot. */
function QuestionsStep({ withCatalogue }: { withCatalogue: boolean }) {
  const form: AnswersForm = useForm<LiteAnswersInput, unknown, LiteAnswers>({
    resolver: zodResolver(liteAnswersSchema),
    defaultValues: {
      businessName: 'Flores Ana',
      website: '',
      purpose: 'questions',
      tone: 'friendly',
      language: 'en',
      greeting: '',
      hours: defaultLiteHours(),
      faqs: [{ question: '', answer: '' }],
      contact: { email: 'ana@flores.example', phone: '', handoff: 'inbox' },
    },
  });
  const [catalogue, setCatalogue] = useState<CatalogueChoice | null>(null);
  return (
    <FaqFields
      form={form}
      catalogue={withCatalogue ? { value: catalogue, onChange: setCatalogue } : undefined}
    />
  );
}

function renderStep(options: { model: boolean; withCatalogue?: boolean }) {
  const queryClient = signedInClient();
  queryClient.setQueryData(frontendConfigQuery.queryKey, configWith(options.model));
  return renderWithApp(<QuestionsStep withCatalogue={options.withCatalogue ?? true} />, { queryClient });
}

/** The requests the step made (the app also reads its config, which the test set already). */
const posted = (requests: { method: string; url: URL; body: unknown }[]) =>
  requests.filter((request) => request.method === 'POST');
const csvFile = (text: string, name = 'faqs.csv') => new File([text], name, { type: 'text/csv' });
const uploadInput = () => screen.getByLabelText('Upload a CSV file');

// A person types into the step: slow on a loaded machine.
describe('the questions step', { timeout: 60_000 }, () => {
  it('imports a question-and-answer CSV read by the server into fields to review in place', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = fakeApi({
      'POST /api/lite/csv': {
        kind: 'faqs',
        rowCount: 14,
        faqs: [
          { question: 'Do you deliver?', answer: 'Yes, within 5 km.' },
          { question: 'x'.repeat(90), answer: 'Too long a question, shown where it is.' },
        ],
      },
    });
    renderStep({ model: false });
    await user.upload(uploadInput(), csvFile('question,answer\n…'));

    expect(
      await screen.findByText(/Imported 2 questions from faqs.csv; 12 more did not fit/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('Do you deliver?');
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toHaveValue('Yes, within 5 km.');
    // The empty pair the form started with is gone; the long question is flagged where it is.
    expect(await screen.findByText(/Write the question \(up to 80 characters/)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Question 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 2' }), 'Open on Sundays?');
    await waitFor(() => expect(screen.queryByText(/Write the question/)).not.toBeInTheDocument());
    // Without a model a catalogue is not offered: the server is told so.
    expect(posted(requests)[0]?.url.searchParams.get('catalogue')).toBe('false');
    expect(posted(requests)[0]?.url.searchParams.get('fileName')).toBe('faqs.csv');
    expect(screen.queryByRole('button', { name: /with AI/ })).not.toBeInTheDocument();
  });

  it('says what is wrong with a refused file in the person’s words', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: object = {};
    fakeApi({ 'POST /api/lite/csv': () => answer });
    renderStep({ model: false });
    const refusals: [object, RegExp][] = [
      [
        { name: 'ValidationException', message: 'empty', details: { reason: 'empty' } },
        /The file is empty: it needs a first row naming the columns/,
      ],
      [
        {
          name: 'ValidationException',
          message: 'wrong',
          details: { reason: 'wrong-columns', columns: ['name', 'email', 'phone'] },
        },
        /has two columns, question and answer; this one has 3: name, email, phone/,
      ],
      [{ name: 'PayloadTooLargeException', message: 'big' }, /larger than 10 MB/],
      [
        {
          name: 'ValidationException',
          message: 'A quoted field is never closed',
          details: { reason: 'bad-csv' },
        },
        /A quoted field is never closed/,
      ],
    ];
    for (const [error, words] of refusals) {
      answer = {
        status: 'name' in error && error.name === 'PayloadTooLargeException' ? 413 : 400,
        body: { error },
      };
      await user.upload(uploadInput(), csvFile('whatever'));
      expect(await screen.findByText(words)).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('');
  });

  it('keeps a catalogue for the new bot when a model can answer from it, and lets it go', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = fakeApi({
      'POST /api/lite/csv': {
        kind: 'catalogue',
        fileName: 'prices.csv',
        columns: ['SKU', 'Product', 'Price'],
        rowCount: 120,
      },
    });
    renderStep({ model: true });
    expect(screen.getByText(/a catalogue with more columns/)).toBeInTheDocument();
    await user.upload(uploadInput(), csvFile('SKU,Product,Price\n…', 'prices.csv'));
    const card = await screen.findByRole('region', { name: 'Catalogue' });
    expect(within(card).getByText('Catalogue: prices.csv')).toBeInTheDocument();
    expect(within(card).getByText('120 rows · columns: SKU, Product, Price')).toBeInTheDocument();
    expect(posted(requests)[0]?.url.searchParams.get('catalogue')).toBe('true');
    await user.click(within(card).getByRole('button', { name: 'Remove the catalogue' }));
    expect(screen.queryByText('Catalogue: prices.csv')).not.toBeInTheDocument();
  });

  it('drafts answers for the questions typed in, or suggests common ones, for review', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = fakeApi({
      'POST /api/lite/answer-drafts': ({ body }) => {
        const { questions } = body as { questions: string[] };
        return questions.length > 0
          ? {
              model: 'gpt-4o-mini',
              faqs: questions.map((question) => ({ question, answer: `About: ${question}` })),
            }
          : {
              model: 'gpt-4o-mini',
              faqs: [
                { question: 'Do you deliver?', answer: 'Already asked: not added twice.' },
                { question: 'Do you make bouquets?', answer: 'Yes, to order.' },
              ],
            };
      },
    });
    renderStep({ model: true });
    expect(screen.getByRole('button', { name: 'Suggest questions with AI' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Do you deliver?');
    await user.click(screen.getByRole('button', { name: 'Draft 1 answer with AI' }));
    expect(await screen.findByText(/Drafted 1 answer with AI: read it and change/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toHaveValue('About: Do you deliver?');
    expect(posted(requests)[0]?.body).toEqual({
      businessName: 'Flores Ana',
      website: '',
      purpose: 'questions',
      tone: 'friendly',
      language: 'en',
      questions: ['Do you deliver?'],
    });

    // Every question answered: the button suggests more, and the person edits what came.
    await user.click(screen.getByRole('button', { name: 'Suggest questions with AI' }));
    expect(await screen.findByRole('textbox', { name: 'Question 2' })).toHaveValue('Do you make bouquets?');
    expect(screen.queryByRole('textbox', { name: 'Question 3' })).not.toBeInTheDocument();
    expect(posted(requests)[1]?.body).toMatchObject({ questions: [] });
    await user.clear(screen.getByRole('textbox', { name: 'Answer 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer 2' }), 'Yes, for weddings too.');
    expect(screen.getByRole('textbox', { name: 'Answer 2' })).toHaveValue('Yes, for weddings too.');
  });

  it('says a failed draft by name and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'POST /api/lite/answer-drafts': {
        status: 502,
        body: { error: { name: 'UpstreamException', message: 'The model provider answered: 500' } },
      },
    });
    renderStep({ model: true });
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Do you deliver?');
    await user.click(screen.getByRole('button', { name: 'Draft 1 answer with AI' }));
    expect(await screen.findByText(/could not draft answers just now/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('Do you deliver?');
  });
});
