import type { WebhookTemplate } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { ids, slackTemplate, webhookInstance } from '../../../test/webhooks';
import { CreateInstancePage } from './create-instance-page';

/** A CRM template: a secret API key and an optional account name filled once, nothing per bot. */
function crmTemplate(): WebhookTemplate {
  const slack = slackTemplate();
  return {
    ...slack,
    name: 'Our CRM',
    summary: 'Adds a contact to our CRM',
    category: 'crm',
    definition: {
      ...slack.definition,
      name: 'Our CRM',
      summary: 'Adds a contact to our CRM',
      description: '',
      category: 'crm',
      fields: [
        {
          key: 'api_key',
          label: 'API key',
          type: 'text',
          help: 'Under Settings › API',
          secret: true,
          required: true,
          scope: 'instance',
          example: '',
        },
        {
          key: 'account',
          label: 'Account',
          type: 'text',
          help: 'Your account’s short name',
          secret: false,
          required: false,
          scope: 'instance',
          example: 'seaside',
        },
        {
          key: 'owner_email',
          label: 'Owner email',
          type: 'email',
          help: '',
          secret: false,
          required: true,
          scope: 'instance',
          example: 'sales@example.com',
        },
      ],
    },
  };
}

const route = (templateId: string) => ({
  route: `/webhook/create/instance/${templateId}`,
  path: '/webhook/create/instance/:templateId',
  queryClient: signedInClient(),
});

describe('installing a webhook', () => {
  it('asks for the template’s fields filled once, secrets hidden, and names those each bot fills', async () => {
    fakeApi({ [`GET /api/webhooks/templates/${ids.slack}`]: slackTemplate() });
    renderWithApp(<CreateInstancePage />, route(ids.slack));
    await screen.findByRole('heading', { name: 'Install Slack message' });
    expect(
      screen.getByText('Posts a message to a Slack channel through an incoming webhook.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Slack message');
    const url = screen.getByLabelText(/^Incoming webhook URL/);
    expect(url).toHaveAttribute('type', 'password');
    expect(url).toHaveAttribute('autocomplete', 'new-password');
    expect(url).toBeRequired();
    expect(url).toHaveAttribute('placeholder', 'https://hooks.slack.com/services/T000/B000/XXXX');
    expect(
      screen.getByText('Stored encrypted and never shown again. From Slack’s app settings'),
    ).toBeInTheDocument();
    // The message is filled in each bot, not here.
    expect(screen.queryByLabelText(/^Message/)).not.toBeInTheDocument();
    expect(screen.getByText('Each bot that uses this webhook fills in: Message.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Marketplace' })).toHaveAttribute(
      'href',
      `/v2/webhook/marketplace?template=${ids.slack}`,
    );
  });

  it('shows a signing secret to copy, and sends that one with what was filled in', async () => {
    const { requests } = fakeApi({
      [`GET /api/webhooks/templates/${ids.slack}`]: slackTemplate(),
      'POST /api/webhooks/instances': { status: 201, body: webhookInstance({ name: 'Sales channel' }) },
    });
    renderWithApp(<CreateInstancePage />, route(ids.slack));
    const secret = await screen.findByLabelText('Signing secret', { selector: 'pre' });
    expect(secret.textContent).toMatch(/^whsec_[\w-]{32}$/);
    expect(screen.getByRole('button', { name: 'Copy: Signing secret' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Sales channel' } });
    fireEvent.change(screen.getByLabelText(/^Incoming webhook URL/), {
      target: { value: 'https://hooks.slack.com/services/T1/B2/abc' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Install webhook' }));
    await screen.findByText('Sales channel is installed. Try it with a sample conversation.');
    // It goes on to the company's webhooks, to test this one.
    await screen.findByText('Elsewhere');
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      {
        templateId: ids.slack,
        name: 'Sales channel',
        fields: { webhook_url: 'https://hooks.slack.com/services/T1/B2/abc' },
        signingSecret: secret.textContent,
      },
    ]);
  });

  it('cannot be installed without a name', async () => {
    const { requests } = fakeApi({ [`GET /api/webhooks/templates/${ids.slack}`]: slackTemplate() });
    renderWithApp(<CreateInstancePage />, route(ids.slack));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Install webhook' })).toBeDisabled();
    fireEvent.submit(name);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows each field’s problem the server names under that field, keeping what was typed', async () => {
    fakeApi({
      [`GET /api/webhooks/templates/${ids.slack}`]: crmTemplate(),
      'POST /api/webhooks/instances': {
        status: 400,
        body: {
          error: {
            name: 'ValidationException',
            message: 'Some fields need attention',
            details: { fields: { api_key: 'Required', owner_email: 'Not an email address' } },
          },
        },
      },
    });
    renderWithApp(<CreateInstancePage />, route(ids.slack));
    const email = await screen.findByRole('textbox', { name: /^Owner email/ });
    expect(email).toHaveAttribute('type', 'email');
    const account = screen.getByRole('textbox', { name: 'Account' });
    expect(account).not.toBeRequired();
    fireEvent.change(email, { target: { value: 'sales@' } });
    fireEvent.change(account, { target: { value: 'seaside' } });
    fireEvent.click(screen.getByRole('button', { name: 'Install webhook' }));
    await screen.findByText('Not an email address');
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^API key/)).toHaveAttribute('aria-invalid', 'true');
    expect(account).toHaveAttribute('aria-invalid', 'false');
    // The help of a field without a problem stays; the whole form's alert is not shown besides.
    expect(screen.getByText('Your account’s short name')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(email).toHaveValue('sales@');
    expect(account).toHaveValue('seaside');
    expect(screen.getByRole('button', { name: 'Install webhook' })).toBeEnabled();
  });

  it('says what went wrong when the server refuses for another reason', async () => {
    fakeApi({
      [`GET /api/webhooks/templates/${ids.slack}`]: slackTemplate(),
      'POST /api/webhooks/instances': {
        status: 413,
        body: { error: { name: 'PayloadTooLargeException', message: 'The request is too large' } },
      },
    });
    renderWithApp(<CreateInstancePage />, route(ids.slack));
    fireEvent.click(await screen.findByRole('button', { name: 'Install webhook' }));
    const alert = (await screen.findByText('The request is too large')).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Install webhook' })).toBeEnabled());
    // No field is marked: the server named none.
    expect(screen.getByLabelText(/^Incoming webhook URL/)).toHaveAttribute('aria-invalid', 'false');
  });
});
