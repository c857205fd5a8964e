import type { WebhookTemplate } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { ids, slackTemplate } from '../../../test/webhooks';
import { TemplateEditorPage } from './template-editor-page';

const companyId = '0b6f4c1e-1d2a-4c3b-9e8f-0000000000c1';

function renderEditor(templateId: string, company_type: 'Regular' | 'Internal' = 'Regular') {
  return renderWithApp(<TemplateEditorPage />, {
    route: `/webhook/edit/template/${templateId}`,
    path: '/webhook/edit/template/:templateId',
    queryClient: signedInClient(signedInUser({ company: { company_type } })),
  });
}

/** Picks an option of a select field. */
function choose(container: HTMLElement, field: string | RegExp, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: field }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.MuiCard-root') as HTMLElement;

const saved = (body: unknown): WebhookTemplate => {
  const { definition, visibility } = body as Pick<WebhookTemplate, 'definition' | 'visibility'>;
  return { ...slackTemplate({ id: ids.slack, visibility }), name: definition.name, definition };
};

describe('the webhook template editor', () => {
  // Drives every field of the form: slow on a busy machine.
  it('writes a new template: about, fields, request, answer mapping, and saves it as the form shows', async () => {
    const { requests } = fakeApi({
      'POST /api/webhooks/templates': ({ body }) => ({ status: 201, body: saved(body) }),
    });
    renderEditor('new');
    expect(await screen.findByRole('heading', { name: 'New webhook template' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Help desk ticket' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Summary' }), {
      target: { value: 'Opens a ticket for the visitor' },
    });
    choose(section('About'), 'Category', 'Support');

    const fields = section('Fields');
    // A new template starts with the address to call, filled once.
    expect(within(fields).getByRole('textbox', { name: 'Key' })).toHaveValue('url');
    fireEvent.click(within(fields).getByRole('button', { name: 'Add field' }));
    const labels = within(fields).getAllByRole('textbox', { name: 'Label' });
    const keys = within(fields).getAllByRole('textbox', { name: 'Key' });
    fireEvent.change(labels[1] as HTMLElement, { target: { value: 'Subject' } });
    fireEvent.change(keys[1] as HTMLElement, { target: { value: 'subject' } });
    expect(within(fields).getByText('fields.subject')).toBeInTheDocument();
    const second = (keys[1] as HTMLElement).closest('.MuiBox-root') as HTMLElement;
    fireEvent.click(within(second).getByRole('switch', { name: 'Secret' }));
    // Filled in each bot: never a secret, and its example is what a new bot starts with.
    choose(second, 'Filled', 'Filled in each bot');
    expect(within(second).getByRole('switch', { name: 'Secret' })).not.toBeChecked();
    expect(within(second).getByRole('switch', { name: 'Secret' })).toBeDisabled();
    fireEvent.change(within(second).getByRole('textbox', { name: 'What a new bot starts with (template)' }), {
      target: { value: 'Question from {{ email }}' },
    });
    choose(second, 'Type', 'Long text');
    fireEvent.click(within(second).getByRole('switch', { name: 'Required' }));

    const request = section('Request');
    choose(request, 'Method', 'PUT');
    fireEvent.change(within(request).getByRole('textbox', { name: 'Address' }), {
      target: { value: '{{ fields.url }}/tickets' },
    });
    fireEvent.click(within(request).getByRole('button', { name: 'Add header' }));
    const headerNames = within(request).getAllByRole('textbox', { name: 'Header' });
    const headerValues = within(request).getAllByRole('textbox', { name: 'Value' });
    fireEvent.change(headerNames[1] as HTMLElement, { target: { value: 'X-Source' } });
    fireEvent.change(headerValues[1] as HTMLElement, { target: { value: 'parley' } });
    fireEvent.change(within(request).getByRole('textbox', { name: 'Body' }), {
      target: { value: '{"subject": {{ fields.subject | tojson }}}' },
    });

    const mapping = section('Answer into variables');
    fireEvent.click(within(mapping).getByRole('button', { name: 'Add variable' }));
    fireEvent.change(within(mapping).getByRole('textbox', { name: 'Variable' }), {
      target: { value: 'ticket_id' },
    });
    fireEvent.change(within(mapping).getByRole('textbox', { name: 'Path in the answer' }), {
      target: { value: 'ticket.id' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByText('Help desk ticket is saved.');
    await screen.findByText('Elsewhere');
    expect(requests.filter((each) => each.method === 'POST').map((each) => each.body)).toEqual([
      {
        visibility: 'private',
        definition: {
          name: 'Help desk ticket',
          summary: 'Opens a ticket for the visitor',
          description: '',
          category: 'support',
          fields: [
            {
              key: 'url',
              label: 'Address',
              type: 'url',
              scope: 'instance',
              secret: false,
              required: true,
              help: '',
              example: '',
            },
            {
              key: 'subject',
              label: 'Subject',
              type: 'multiline',
              scope: 'bot',
              secret: false,
              required: false,
              help: '',
              example: 'Question from {{ email }}',
            },
          ],
          request: {
            method: 'PUT',
            url: '{{ fields.url }}/tickets',
            headers: [
              { name: 'Content-Type', value: 'application/json' },
              { name: 'X-Source', value: 'parley' },
            ],
            body: '{"subject": {{ fields.subject | tojson }}}',
          },
          responseMapping: [{ variable: 'ticket_id', path: 'ticket.id' }],
        },
      },
    ]);
  }, 60_000);

  it('removes a field, a header and a mapping', async () => {
    const { requests } = fakeApi({
      'POST /api/webhooks/templates': ({ body }) => ({ status: 201, body: saved(body) }),
    });
    renderEditor('new');
    await screen.findByRole('heading', { name: 'New webhook template' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ping' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Summary' }), { target: { value: 'Pings' } });
    fireEvent.click(within(section('Fields')).getByRole('button', { name: 'Remove field' }));
    expect(within(section('Fields')).queryByRole('textbox', { name: 'Key' })).not.toBeInTheDocument();
    fireEvent.click(within(section('Request')).getByRole('button', { name: 'Remove header' }));
    fireEvent.click(within(section('Answer into variables')).getByRole('button', { name: 'Add variable' }));
    fireEvent.click(within(section('Answer into variables')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByText('Ping is saved.');
    const body = requests.find((each) => each.method === 'POST')?.body as WebhookTemplate;
    expect(body.definition.fields).toEqual([]);
    expect(body.definition.request.headers).toEqual([]);
    expect(body.definition.responseMapping).toEqual([]);
  });

  it('lets only Parley staff offer a template to every company', async () => {
    const { unmount } = renderEditor('new');
    const about = () => section('About');
    await screen.findByRole('heading', { name: 'New webhook template' });
    expect(
      within(about()).getByText('Only Parley staff publish templates to every company.'),
    ).toBeInTheDocument();
    fireEvent.mouseDown(within(about()).getByRole('combobox', { name: 'Who can install it' }));
    expect(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'Every company' }),
    ).toHaveAttribute('aria-disabled', 'true');
    unmount();

    const { requests } = fakeApi({
      'POST /api/webhooks/templates': ({ body }) => ({ status: 201, body: saved(body) }),
    });
    renderEditor('new', 'Internal');
    await screen.findByRole('heading', { name: 'New webhook template' });
    expect(within(about()).getByText('Public templates are offered to every company.')).toBeInTheDocument();
    choose(about(), 'Who can install it', 'Every company');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ping' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Summary' }), { target: { value: 'Pings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByText('Ping is saved.');
    expect(requests.find((each) => each.method === 'POST')?.body).toMatchObject({ visibility: 'public' });
  });

  it('edits a company’s own template in place, keeping it theirs', async () => {
    const own = slackTemplate({
      id: ids.slack,
      name: 'Our Slack',
      visibility: 'private',
      companyId,
      builtIn: false,
      editable: true,
    });
    own.definition = { ...own.definition, name: 'Our Slack' };
    const { requests } = fakeApi({
      [`GET /api/webhooks/templates/${ids.slack}`]: own,
      [`PUT /api/webhooks/templates/${ids.slack}`]: ({ body }) => saved(body),
    });
    renderEditor(ids.slack);
    await screen.findByRole('heading', { name: 'Edit Our Slack' });
    const fields = section('Fields');
    expect(
      within(fields)
        .getAllByRole('textbox', { name: 'Key' })
        .map((key) => (key as HTMLInputElement).value),
    ).toEqual(['webhook_url', 'text']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Summary' }), { target: { value: 'Tells sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByText('Our Slack is saved.');
    const put = requests.find((each) => each.method === 'PUT');
    expect(put?.body).toEqual({
      visibility: 'private',
      companyId,
      definition: { ...own.definition, summary: 'Tells sales' },
    });
    expect(requests.some((each) => each.method === 'POST')).toBe(false);
  });

  it('shows why the server refused the template, keeping everything typed', async () => {
    fakeApi({
      'POST /api/webhooks/templates': {
        status: 400,
        body: {
          error: {
            name: 'ValidationException',
            message:
              'definition.fields.0.key: Lower-case letters, digits and underscores, starting with a letter',
          },
        },
      },
    });
    renderEditor('new');
    await screen.findByRole('heading', { name: 'New webhook template' });
    fireEvent.change(within(section('Fields')).getByRole('textbox', { name: 'Key' }), {
      target: { value: 'Web URL' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText(
        'definition.fields.0.key: Lower-case letters, digits and underscores, starting with a letter',
      ),
    ).toBeInTheDocument();
    expect(within(section('Fields')).getByRole('textbox', { name: 'Key' })).toHaveValue('Web URL');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save template' })).toBeEnabled());
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });
});

describe('the webhook template editor in Spanish', () => {
  it('starts a new template with its first field named in Spanish, not in English', async () => {
    renderWithApp(<TemplateEditorPage />, {
      route: '/webhook/edit/template/new',
      path: '/webhook/edit/template/:templateId',
      queryClient: signedInClient(),
      language: 'es',
    });
    await screen.findByRole('heading', { name: 'Nueva plantilla de webhook' });
    const labels = screen.getAllByRole('textbox', { name: 'Etiqueta' });
    expect(labels.map((label) => (label as HTMLInputElement).value)).toEqual(['Dirección']);
  });
});
