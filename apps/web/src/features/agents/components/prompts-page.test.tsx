import type { Prompt, PromptRunResult, PromptVersion } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { PromptsPage } from './prompts-page';

const id = '7c1e2d3f-1111-4c6f-9a55-0d5a2c6f7a01';
const v1 = 'You work for {{ shop }}.\nAnswer briefly.';
const v2 = 'You work for {{ shop }}.\nAnswer in {{ tone }} words.\nNever promise a date.';
const prompt: Prompt = {
  id,
  name: 'Support voice',
  description: 'How we talk to customers',
  version: 2,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  definition: {
    name: 'Support voice',
    description: 'How we talk to customers',
    template: v2,
    variables: [{ name: 'shop', description: 'The shop’s name', sample: 'Tea Shop' }],
  },
};
const version = (number: number, template: string): PromptVersion => ({
  version: number,
  name: 'Support voice',
  createdAt: '2026-11-28T10:00:00.000Z',
  createdBy: 'Olivia Owner',
  definition: { ...prompt.definition, template },
});
const ran: PromptRunResult = {
  version: 2,
  rendered: 'You work for Tea Shop.\nAnswer in short words.\nNever promise a date.',
  reply: 'Hello! How can I help?',
  model: 'gpt-test',
  promptTokens: 31,
  completionTokens: 7,
  durationMs: 420,
};

function renderPrompts(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /agents-api/prompts': {
      prompts: [
        {
          id,
          name: prompt.name,
          description: prompt.description,
          version: 2,
          createdAt: prompt.createdAt,
          updatedAt: prompt.updatedAt,
        },
      ],
    },
    [`GET /agents-api/prompts/${id}`]: prompt,
    [`GET /agents-api/prompts/${id}/versions`]: {
      versions: [version(2, v2), version(1, v1)].map(({ definition: _, ...rest }) => rest),
    },
    [`GET /agents-api/prompts/${id}/versions/1`]: version(1, v1),
    [`GET /agents-api/prompts/${id}/versions/2`]: version(2, v2),
    ...routes,
  });
  renderWithApp(<PromptsPage />, {
    route: '/v2/agents/prompts',
    path: '/v2/agents/prompts',
    queryClient: signedInClient(),
  });
  return api;
}

describe('the prompts page', () => {
  it('edits a prompt’s template and variables and saves a new version', async () => {
    const api = renderPrompts({
      [`PUT /agents-api/prompts/${id}`]: ({ body }) => ({
        ...prompt,
        version: 3,
        definition: (body as { definition: Prompt['definition'] }).definition,
      }),
    });
    const form = await screen.findByRole('form', { name: 'Prompt' });
    expect(within(form).getByRole('textbox', { name: 'Template' })).toHaveValue(v2);
    // The template reads `tone`, which is not declared: the page offers to declare it.
    expect(
      within(form).getByText('The template reads variables that are not declared: tone'),
    ).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Declare them' }));
    const samples = within(form).getAllByRole('textbox', { name: 'Sample value' });
    fireEvent.change(samples[1] as HTMLElement, { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save a new version' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      baseVersion: 2,
      definition: {
        ...prompt.definition,
        variables: [...prompt.definition.variables, { name: 'tone', description: '', sample: 'short' }],
      },
    });
    expect(await screen.findByText('Saved as version 3')).toBeInTheDocument();
  });

  it('compares two versions line by line', async () => {
    renderPrompts();
    fireEvent.click(await screen.findByRole('tab', { name: 'Versions' }));
    const diff = await screen.findByRole('table', { name: 'Differences' });
    const rows = within(diff).getAllByRole('row');
    expect(rows.map((row) => [row.dataset.diff, row.textContent?.slice(1)])).toEqual([
      ['same', 'You work for {{ shop }}.'],
      ['removed', 'Answer briefly.'],
      ['added', 'Answer in {{ tone }} words.'],
      ['added', 'Never promise a date.'],
    ]);
    expect(screen.getByText('3 lines changed')).toBeInTheDocument();
  });

  it('test-runs the prompt with sample values against the model', async () => {
    const api = renderPrompts({ [`POST /agents-api/prompts/${id}/test`]: ran });
    fireEvent.click(await screen.findByRole('tab', { name: 'Test' }));
    const form = await screen.findByRole('form', { name: 'Test run' });
    expect(within(form).getByRole('textbox', { name: 'shop' })).toHaveValue('Tea Shop');
    fireEvent.change(within(form).getByRole('textbox', { name: 'A visitor’s message' }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
    const result = await screen.findByTestId('prompt-result');
    expect(result).toHaveTextContent('gpt-test · 31 + 7 tokens · 420 ms');
    expect(result).toHaveTextContent('Never promise a date.');
    expect(result).toHaveTextContent('Hello! How can I help?');
    expect(api.requests.at(-1)?.body).toEqual({ version: 2, values: { shop: 'Tea Shop' }, message: 'Hi' });
  });
});
