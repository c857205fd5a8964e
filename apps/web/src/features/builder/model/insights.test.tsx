import type { ModuleFailures } from '@parley/contracts';
import { starterFlow } from '@parley/flow';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { createBuilderStore } from './builder-store';
import { problemsByModule, useFlowInsights } from './insights';

afterEach(() => vi.unstubAllGlobals());

function ModuleMarks({ store }: { store: ReturnType<typeof createBuilderStore> }) {
  const { findings } = useFlowInsights(store);
  return (
    <ul>
      {[...problemsByModule(findings)].map(([moduleId, problems]) => (
        <li key={moduleId} data-severity={problems.severity}>
          {moduleId}: {problems.messages.join(' / ')}
        </li>
      ))}
    </ul>
  );
}

describe('the builder’s problems', () => {
  it('marks a module whose template failed in conversations, though it reads well', async () => {
    const flow = starterFlow('en');
    const [first] = flow.modules;
    const failures: ModuleFailures = {
      since: '2026-12-01T09:00:00.000Z',
      modules: [
        {
          moduleId: first?.id ?? '',
          conversations: 3,
          lastAt: '2026-12-02T10:15:00.000Z',
          message: "'sc' is undefined",
          line: 1,
        },
        // A module since deleted from the draft is not marked.
        { moduleId: 'gone', conversations: 1, lastAt: '2026-12-02T10:15:00.000Z', message: 'x', line: null },
      ],
    };
    fakeApi({ 'GET /api/bots/b1/debugger/module-failures': failures });
    const store = createBuilderStore({ botId: 'b1', flow, revision: 1 });
    renderWithApp(<ModuleMarks store={store} />, { queryClient: signedInClient() });

    const mark = await screen.findByText(/did not render in 3 conversations since the last publish/);
    expect(mark).toHaveAttribute('data-severity', 'warning');
    expect(mark).toHaveTextContent(/so visitors got nothing from it: 'sc' is undefined \(line 1\)/);
    expect(screen.queryByText(/^gone:/)).not.toBeInTheDocument();
  });
});
