import type { BotVersion, PublishResponse } from '@parley/contracts';
import { type Finding, starterFlow } from '@parley/flow';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { createBuilderStore } from '../model/builder-store';
import { ProblemsButton, PublishButton, VersionsButton } from './publish-controls';

const deadEnd: Finding = {
  severity: 'error',
  code: 'dead-end',
  message: 'Welcome leads nowhere from: next',
  moduleId: 'welcome',
};
const unreachable: Finding = {
  severity: 'warning',
  code: 'unreachable',
  message: 'Goodbye cannot be reached',
  moduleId: 'goodbye',
};

const version = (number: number, modules: number): BotVersion => ({
  version: number,
  created_at: '2026-11-24T09:30:00.000Z',
  modules,
});

const newStore = () => createBuilderStore({ botId: 'b1', flow: starterFlow('en'), revision: 3 });

function renderControls(ui: React.ReactNode) {
  return renderWithApp(<MemoryRouter>{ui}</MemoryRouter>, { queryClient: signedInClient() });
}

afterEach(() => vi.unstubAllGlobals());

describe('the problems button', () => {
  it('counts errors and warnings, lists them, and goes to a finding’s module', () => {
    const onOpen = vi.fn();
    renderControls(<ProblemsButton findings={[deadEnd, unreachable]} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: '2 problems' }));
    const drawer = screen.getByRole('region', { name: 'Problems' });
    expect(within(drawer).getByText('Goodbye cannot be reached')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByText('Welcome leads nowhere from: next'));
    expect(onOpen).toHaveBeenCalledWith('welcome');
  });

  it('says there are none, and cannot be opened then', () => {
    renderControls(<ProblemsButton findings={[]} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'No problems' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('the publish button', () => {
  it('refuses to publish while the flow has errors, listing only the errors, without asking the server', () => {
    const { requests } = fakeApi({});
    const onOpen = vi.fn();
    renderControls(<PublishButton store={newStore()} findings={[deadEnd, unreachable]} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: '1 error stops publishing' });
    expect(within(dialog).queryByText('Goodbye cannot be reached')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Welcome leads nowhere from: next'));
    expect(onOpen).toHaveBeenCalledWith('welcome');
    expect(requests).toEqual([]);
  });

  it('waits for the draft to be saved', () => {
    const store = newStore();
    store.setState({ edits: 1 });
    renderControls(<PublishButton store={store} findings={[]} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('publishes a flow with only warnings and says where the version runs', async () => {
    const published: PublishResponse = {
      version: version(4, 6),
      findings: [unreachable],
      deployments: [
        {
          id: 'd1',
          bot_id: 'b1',
          key: 'web-key-1',
          channel: 'webchat',
          version: 4,
          sunshine_parley_integration_id: null,
          sunshine_parley_switchboardIntegration_id: null,
          created_at: '2026-11-01T10:00:00.000Z',
        },
      ],
    };
    const { requests } = fakeApi({ 'POST /api/bots/b1/publish': { status: 201, body: published } });
    renderControls(<PublishButton store={newStore()} findings={[unreachable]} onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version 4 published' });
    expect(within(dialog).getByText("This version now runs on the bot's web chat:")).toBeInTheDocument();
    expect(within(dialog).getByText(/Key web-key-1/)).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /api/bots/b1/publish',
    ]);
  });

  it('shows the server’s reason when publishing is refused', async () => {
    fakeApi({
      'POST /api/bots/b1/publish': {
        status: 400,
        body: {
          error: { name: 'ValidationException', message: 'The flow has 1 error; fix it and publish again' },
        },
      },
    });
    renderControls(<PublishButton store={newStore()} findings={[]} onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('The flow has 1 error; fix it and publish again');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});

describe('the versions button', () => {
  it('lists the published versions and restores one after saying what it replaces', async () => {
    const { requests } = fakeApi({
      'GET /api/bots/b1/versions': [version(2, 9), version(1, 4)],
      'POST /api/bots/b1/versions/1/restore': botDetail({ id: 'b1' }),
    });
    const onRestored = vi.fn();
    renderControls(<VersionsButton store={newStore()} onRestored={onRestored} />);
    fireEvent.click(screen.getByRole('button', { name: 'Versions' }));
    const drawer = await screen.findByRole('region', { name: 'Versions' });
    await within(drawer).findByText('Version 2');
    expect(within(drawer).getByText(/9 modules/)).toBeInTheDocument();

    fireEvent.click(within(drawer).getAllByRole('button', { name: 'Restore' })[1] as HTMLElement);
    const question = screen.getByRole('dialog', { name: 'Replace the draft with version 1?' });
    const draftModules = starterFlow('en').modules.length;
    expect(question).toHaveTextContent(
      `The draft you are editing (${draftModules === 1 ? '1 module' : `${draftModules} modules`}) is replaced by version 1 (4 modules).`,
    );
    fireEvent.click(within(question).getByRole('button', { name: 'Replace the draft' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledOnce());
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname),
    ).toEqual(['/api/bots/b1/versions/1/restore']);
  });

  it('says when nothing is published yet', async () => {
    fakeApi({ 'GET /api/bots/b1/versions': [] });
    renderControls(<VersionsButton store={newStore()} onRestored={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Versions' }));
    await screen.findByText('Nothing published yet.');
  });
});
