import { type WebhookTemplateList, webhookTemplateListQuerySchema } from '@parley/contracts';
import { fireEvent, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { slackTemplate, templateSummary } from '../../../test/webhooks';
import { MarketplacePage } from './marketplace-page';

const summary = templateSummary;

const slack = summary('t-slack', 'Slack message', 'messaging');
const hubspot = summary('t-hubspot', 'HubSpot contact', 'crm');
const ownCrm = summary('t-own', 'Our CRM', 'crm', { visibility: 'private', builtIn: false, editable: true });

function catalogue(search: string | null, category: string | null): WebhookTemplateList {
  const all = [slack, hubspot, ownCrm];
  const matching = all.filter(
    (template) => !search || template.name.toLowerCase().includes(search.toLowerCase()),
  );
  return {
    templates: matching.filter((template) => !category || template.category === category),
    categories: [
      {
        category: 'messaging',
        count: matching.filter((template) => template.category === 'messaging').length,
      },
      { category: 'crm', count: matching.filter((template) => template.category === 'crm').length },
      { category: 'support', count: 0 },
    ],
  };
}

function renderMarketplace(route = '/v2/webhook/marketplace', language: 'en' | 'es' = 'en') {
  return renderWithApp(<MarketplacePage />, { route, queryClient: signedInClient(), language });
}

afterEach(() => vi.unstubAllGlobals());

describe('the webhook marketplace', () => {
  it('lists the templates by category, and searches them', async () => {
    const { requests } = fakeApi({
      'GET /api/webhooks/templates': ({ url }) =>
        catalogue(url.searchParams.get('search'), url.searchParams.get('category')),
    });
    renderMarketplace();
    await screen.findByRole('heading', { name: 'Slack message' });
    const categories = screen.getByRole('group', { name: 'Categories' });
    expect(within(categories).getByText('All · 3')).toBeInTheDocument();
    // A category without templates is not offered.
    expect(within(categories).queryByText(/Support/)).not.toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();

    fireEvent.click(within(categories).getByText('CRM · 2'));
    await waitForElementToBeRemoved(() => screen.queryByRole('heading', { name: 'Slack message' }));
    expect(screen.getByRole('heading', { name: 'Our CRM' })).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('category')).toBe('crm');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search templates' }), {
      target: { value: 'zendesk' },
    });
    await screen.findByText('No template matches your search.');
  });

  it('searches with what a pasted text holds, up to what the server searches', async () => {
    const { requests } = fakeApi({
      'GET /api/webhooks/templates': ({ url }) => {
        const query = webhookTemplateListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
        if (!query.success)
          return {
            status: 400,
            body: { error: { name: 'ValidationException', message: query.error.message } },
          };
        return catalogue(query.data.search ?? null, null);
      },
    });
    renderMarketplace();
    await screen.findByRole('heading', { name: 'Slack message' });
    const search = screen.getByRole('textbox', { name: 'Search templates' });
    fireEvent.change(search, { target: { value: `Slack ${'message '.repeat(20)}` } });
    expect((search as HTMLInputElement).value).toHaveLength(100);
    await screen.findByText('No template matches your search.');
    expect(screen.queryByText('The templates could not be loaded.')).not.toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('search')).toHaveLength(100);
  });

  it('shows what a template needs and the request it makes, and leads to installing it', async () => {
    fakeApi({
      'GET /api/webhooks/templates': catalogue(null, null),
      'GET /api/webhooks/templates/t-slack': slackTemplate({ id: 't-slack' }),
    });
    renderMarketplace();
    fireEvent.click(await screen.findByRole('heading', { name: 'Slack message' }));
    const detail = await screen.findByRole('dialog', { name: /^Slack message/ });
    await within(detail).findByText('Posts a message to a Slack channel through an incoming webhook.');
    expect(within(detail).getByText('Incoming webhook URL')).toBeInTheDocument();
    expect(within(detail).getByText('Secret')).toBeInTheDocument();
    expect(within(detail).getByText('Filled once')).toBeInTheDocument();
    expect(within(detail).getByText('Filled in each bot')).toBeInTheDocument();
    expect(detail).toHaveTextContent('https://hooks.slack.com/services/••••');
    expect(within(detail).getByRole('link', { name: 'Install' })).toHaveAttribute(
      'href',
      '/webhook/create/instance/t-slack',
    );
    // Built in: not the company's to edit.
    expect(within(detail).queryByRole('link', { name: 'Edit template' })).not.toBeInTheDocument();
  });

  it('asks for the catalogue in the reader’s language, list and template alike', async () => {
    const { requests } = fakeApi({
      'GET /api/webhooks/templates': catalogue(null, null),
      'GET /api/webhooks/templates/t-slack': slackTemplate({ id: 't-slack' }),
    });
    renderMarketplace('/v2/webhook/marketplace?template=t-slack', 'es');
    await screen.findByRole('dialog', { name: /^Slack message/ });
    expect(
      requests.map((request) => [request.url.pathname, request.url.searchParams.get('language')]),
    ).toEqual(
      expect.arrayContaining([
        ['/api/webhooks/templates', 'es'],
        ['/api/webhooks/templates/t-slack', 'es'],
      ]),
    );
  });

  it('opens a template named in the address, and says so when it is not there', async () => {
    fakeApi({ 'GET /api/webhooks/templates': catalogue(null, null) });
    renderMarketplace('/v2/webhook/marketplace?template=t-gone');
    await screen.findByText('This template does not exist or is not shared with your company.');
  });
});
