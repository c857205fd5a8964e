import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { deployment } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { TesterPage } from './tester-page';

function renderTester(answer: ReturnType<typeof deployment>, language: 'en' | 'es' = 'en') {
  fakeApi({ [`GET /api/deployments/${answer.id}`]: answer });
  return renderWithApp(<TesterPage />, {
    route: `/v2/lite/bots/${answer.id}/tester`,
    path: '/v2/lite/bots/:deploymentId/tester',
    queryClient: signedInClient(signedInUser()),
    language,
  });
}

describe('the full-page tester', () => {
  it.each([
    ['en', 'You are testing the draft: changes not yet published are included.'],
    ['es', 'Estás probando el borrador: incluye los cambios aún no publicados.'],
  ] as const)('says plainly that the test deployment runs the draft (%s)', async (language, words) => {
    renderTester(deployment({ id: 't1', channel: 'test', key: 'key-test', version: null }), language);
    expect(await screen.findByRole('status')).toHaveTextContent(words);
    // The widget loads under the line, not over it.
    const widget = document.querySelector<HTMLScriptElement>('script[data-deployment="key-test"]');
    expect(widget?.dataset.layout).toBe('fullpage');
    expect(document.documentElement.style.getPropertyValue('--parley-fullpage-top')).toMatch(/px$/);
  });

  it('names the version a website deployment runs', async () => {
    renderTester(deployment({ id: 'w1', channel: 'webchat', key: 'key-live', version: 3 }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You are testing version 3, as visitors of your website see it.',
    );
  });
});
