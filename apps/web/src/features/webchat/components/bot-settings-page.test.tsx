import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail, deployment } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { BotSettingsPage } from './bot-settings-page';

const testDeployment = deployment({ id: 't1', channel: 'test', key: 'key-test', version: null });
const version = { version: 1, created_at: '2026-11-20T10:00:00.000Z', modules: 2 };

function renderSettings(
  routes: Parameters<typeof fakeApi>[0],
  {
    language = 'en',
    user = signedInUser(),
  }: { language?: 'en' | 'es'; user?: ReturnType<typeof signedInUser> } = {},
) {
  const api = fakeApi({
    'GET /api/bots/b1': botDetail(),
    'GET /api/bots/b1/test-deployment': testDeployment,
    ...routes,
  });
  renderWithApp(<BotSettingsPage />, {
    route: '/v2/lite/bots/b1/settings',
    path: '/v2/lite/bots/:botId/settings',
    queryClient: signedInClient(user),
    language,
  });
  return api;
}

describe('a bot’s settings: web chat on a website', () => {
  it('offers to publish a bot never published, and says when it went live nowhere yet', async () => {
    const { requests } = renderSettings({
      'GET /api/bots/b1/versions': [],
      'GET /api/bots/b1/deployments': [testDeployment],
      'POST /api/bots/b1/publish': { version, findings: [], deployments: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Front desk settings' })).toBeInTheDocument();
    expect(screen.getByText('The bot has not been published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add web chat to a website' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try the draft in the tester' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/t1/tester',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publish the draft' }));
    expect(
      await screen.findByText('Version 1 published. Add web chat to a website to put it live.'),
    ).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.method === 'POST' && request.url.pathname === '/api/bots/b1/publish',
      ),
    ).toBe(true);
  });

  it('says a flow with errors cannot be published', async () => {
    renderSettings({
      'GET /api/bots/b1/versions': [],
      'GET /api/bots/b1/deployments': [],
      'POST /api/bots/b1/publish': {
        status: 400,
        body: { error: { name: 'ValidationException', message: 'The flow has errors' } },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Publish the draft' }));
    expect(
      await screen.findByText('The flow has errors; fix them in the builder before publishing.'),
    ).toBeInTheDocument();
  });

  it('adds web chat to a website once published, then shows the live version and its embed code', async () => {
    let deployments = [testDeployment];
    const { requests } = renderSettings({
      'GET /api/bots/b1/versions': [version],
      'GET /api/bots/b1/deployments': () => deployments,
      'POST /api/bots/b1/deployments': () => {
        deployments = [testDeployment, deployment()];
        return { status: 201, body: deployment() };
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add web chat to a website' }));
    expect(await screen.findByText('Live on version 1')).toBeInTheDocument();
    expect(screen.getByText(/data-deployment="key-webchat-1"/)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ channel: 'webchat' });
  });

  it('lets someone who may not publish see the state without the buttons, in Spanish', async () => {
    renderSettings(
      { 'GET /api/bots/b1/versions': [version], 'GET /api/bots/b1/deployments': [] },
      { language: 'es', user: signedInUser({ role: 'agent', permissions: ['inbox:use'] }) },
    );
    expect(await screen.findByRole('heading', { name: /Front desk/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Estilo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publicar/ })).not.toBeInTheDocument();
  });
});
