import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  SaveWebhookTemplateRequest,
  WebhookCallResult,
  WebhookInstance,
  WebhookInstanceSummary,
  WebhookTemplate,
  WebhookTemplateList,
} from '@parley/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver speaking Slack's and HubSpot's answers, and a few bad ones. */
function receiver() {
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers, body });
    if (path.startsWith('/slack')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('ok');
    } else if (path.startsWith('/hubspot')) {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: '512', properties: JSON.parse(body).properties }));
    } else if (path.startsWith('/redirect')) {
      response.writeHead(302, {
        location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack`,
      });
      response.end();
    } else if (path.startsWith('/html')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>Thanks!</html>');
    } else {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"message":"boom"}');
    }
  });
  return { server, received };
}

const slackSecret = 'T0001/B0002/sup3rs3cretPathPart';

describe('the webhook marketplace', () => {
  let t: TestApp;
  let base = '';
  const { server, received } = receiver();
  let acme: { headers: Record<string, string>; companyId: string };
  let globex: { headers: Record<string, string>; companyId: string };
  let staff: { headers: Record<string, string>; companyId: string };
  const owner = async (company_name: string) => {
    const { auth } = await registerOwner(t, { company_name });
    return { headers: authHeader(auth.token), companyId: claimsOf(auth.token).companyId };
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => t.request({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const catalogue = async (headers: Record<string, string>, query = '') =>
    (await call('GET', `/api/webhooks/templates${query}`, headers)).json<WebhookTemplateList>();
  const slackTemplate = async () => (await catalogue(acme.headers, '?search=slack')).templates[0]?.id ?? '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp();
    acme = await owner('Acme');
    globex = await owner('Globex');
    staff = await owner('Parley HQ');
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', staff.companyId)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
  });

  describe('the catalogue', () => {
    it('offers the built-in templates, by category, searched', async () => {
      const all = await catalogue(acme.headers);
      expect(all.templates.map((template) => template.name)).toEqual([
        'Airtable record',
        'Google Sheets',
        'HubSpot contact',
        'JSON POST',
        'Make',
        'Microsoft Teams',
        'Slack',
        'Zapier',
        'Zendesk ticket',
      ]);
      expect(all.templates.every((template) => template.builtIn && template.visibility === 'public')).toBe(
        true,
      );
      expect(all.templates.some((template) => template.editable)).toBe(false);
      expect(all.categories).toContainEqual({ category: 'messaging', count: 2 });
      const messaging = await catalogue(acme.headers, '?category=messaging');
      expect(messaging.templates.map((template) => template.name)).toEqual(['Microsoft Teams', 'Slack']);
      expect(
        (await catalogue(acme.headers, '?search=ticket')).templates.map((template) => template.name),
      ).toEqual(['Zendesk ticket']);
      expect((await catalogue(acme.headers, '?search=100%25')).templates).toEqual([]);
    });

    it('speaks the reader’s language: the built-in catalogue in Spanish, the request as it is', async () => {
      const spanish = await catalogue(acme.headers, '?language=es');
      expect(spanish.templates.find((template) => template.name === 'Ticket de Zendesk')?.summary).toBe(
        'Abre un ticket en Zendesk Support',
      );
      const id = await slackTemplate();
      const template = (
        await call('GET', `/api/webhooks/templates/${id}?language=es-MX`, acme.headers)
      ).json<WebhookTemplate>();
      expect(template.definition.description).toMatch(/^Crea un webhook entrante en tu app de Slack/);
      expect(template.definition.fields.map((field) => field.label)).toEqual(['URL del webhook', 'Mensaje']);
      expect(template.exampleRequest?.url).toBe('https://hooks.slack.com/services/T000/B000/XXXX');
      // Its editor reads it as written.
      const written = (
        await call('GET', `/api/webhooks/templates/${id}`, acme.headers)
      ).json<WebhookTemplate>();
      expect(written.definition.summary).toBe(
        'Post a message to a Slack channel through an incoming webhook',
      );
    });

    it('shows what a template does, needs, and an example request', async () => {
      const template = (
        await call('GET', `/api/webhooks/templates/${await slackTemplate()}`, acme.headers)
      ).json<WebhookTemplate>();
      expect(template.definition.fields.map((field) => [field.key, field.secret, field.scope])).toEqual([
        ['webhook_url', true, 'instance'],
        ['message', false, 'bot'],
      ]);
      expect(template.exampleRequest).toEqual({
        method: 'POST',
        url: 'https://hooks.slack.com/services/T000/B000/XXXX',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: '{"text": "New lead from the bot: *{{ name }}* ({{ email }})"}',
      });
      const zendesk = (await catalogue(acme.headers, '?search=zendesk')).templates[0];
      const detail = (
        await call('GET', `/api/webhooks/templates/${zendesk?.id}`, acme.headers)
      ).json<WebhookTemplate>();
      expect(detail.exampleRequest?.url).toBe('https://yourcompany.zendesk.com/api/v2/tickets.json');
      expect(detail.exampleRequest?.headers[1]).toEqual({
        name: 'Authorization',
        value: `Basic ${Buffer.from('agent@yourcompany.com/token:wJalrXUtnFEMI…').toString('base64')}`,
      });
    });
  });

  describe('templates people write', () => {
    const definition = (name: string): SaveWebhookTemplateRequest['definition'] => ({
      name,
      summary: 'Posts a lead to our CRM',
      category: 'crm',
      fields: [{ key: 'token', label: 'Token', secret: true }],
      request: {
        method: 'POST',
        url: `${base}/hubspot`,
        body: '{"properties": {"email": {{ email | tojson }}}}',
      },
      responseMapping: [{ variable: 'crm_id', path: 'id' }],
    });

    it('lets a company write its own private template, seen by no other company', async () => {
      const created = await call('POST', '/api/webhooks/templates', acme.headers, {
        definition: definition('Acme CRM'),
        visibility: 'private',
      });
      expect(created.statusCode).toBe(201);
      const template = created.json<WebhookTemplate>();
      expect(template).toMatchObject({
        visibility: 'private',
        companyId: acme.companyId,
        editable: true,
        version: 1,
      });
      expect((await catalogue(acme.headers, '?search=acme')).templates).toHaveLength(1);
      expect((await catalogue(globex.headers, '?search=acme')).templates).toEqual([]);
      const seenByGlobex = await call('GET', `/api/webhooks/templates/${template.id}`, globex.headers);
      expect(seenByGlobex.statusCode).toBe(404);
      const changedByGlobex = await call('PUT', `/api/webhooks/templates/${template.id}`, globex.headers, {
        definition: definition('Stolen'),
        visibility: 'private',
      });
      expect(changedByGlobex.statusCode).toBe(404);

      const updated = await call('PUT', `/api/webhooks/templates/${template.id}`, acme.headers, {
        definition: { ...definition('Acme CRM v2'), summary: 'Better' },
        visibility: 'private',
      });
      expect(updated.json<WebhookTemplate>()).toMatchObject({ name: 'Acme CRM v2', version: 2 });
    });

    it('keeps public templates and other companies to Parley staff', async () => {
      const publicByCustomer = await call('POST', '/api/webhooks/templates', acme.headers, {
        definition: definition('Everyone'),
        visibility: 'public',
      });
      expect(publicByCustomer.statusCode).toBe(403);
      const forGlobex = await call('POST', '/api/webhooks/templates', acme.headers, {
        definition: definition('For Globex'),
        visibility: 'private',
        companyId: globex.companyId,
      });
      expect(forGlobex.statusCode).toBe(403);
      const slack = await slackTemplate();
      const builtIn = (
        await call('GET', `/api/webhooks/templates/${slack}`, acme.headers)
      ).json<WebhookTemplate>();
      const editBuiltIn = await call('PUT', `/api/webhooks/templates/${slack}`, acme.headers, {
        definition: builtIn.definition,
        visibility: 'public',
      });
      expect(editBuiltIn.statusCode).toBe(403);

      const byStaff = await call('POST', '/api/webhooks/templates', staff.headers, {
        definition: definition('Globex ERP'),
        visibility: 'private',
        companyId: globex.companyId,
      });
      expect(byStaff.json<WebhookTemplate>()).toMatchObject({ companyId: globex.companyId, editable: true });
      expect((await catalogue(globex.headers, '?search=erp')).templates).toHaveLength(1);
      expect((await catalogue(acme.headers, '?search=erp')).templates).toEqual([]);
      const published = await call('PUT', `/api/webhooks/templates/${slack}`, staff.headers, {
        definition: { ...builtIn.definition, summary: 'Post to a Slack channel' },
        visibility: 'public',
      });
      expect(published.json<WebhookTemplate>()).toMatchObject({
        summary: 'Post to a Slack channel',
        version: 2,
      });
      expect((await catalogue(acme.headers, '?search=slack')).templates[0]?.summary).toBe(
        'Post to a Slack channel',
      );
    });

    it('refuses a template whose fields repeat or whose bot fields are secret, by field', async () => {
      const response = await call('POST', '/api/webhooks/templates', acme.headers, {
        definition: {
          ...definition('Broken'),
          fields: [
            { key: 'token', label: 'Token' },
            { key: 'token', label: 'Again' },
            { key: 'note', label: 'Note', scope: 'bot', secret: true },
          ],
        },
        visibility: 'private',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.name).toBe('ValidationException');
      expect(JSON.stringify(response.json().error.details)).toMatch(/fields.*1.*key/);
    });
  });

  describe('instances', () => {
    const install = (
      headers: Record<string, string>,
      templateId: string,
      fields: Record<string, string>,
      extra = {},
    ) =>
      call('POST', '/api/webhooks/instances', headers, {
        templateId,
        name: 'Sales channel',
        fields,
        ...extra,
      });

    it('stores the secret fields sealed and never sends them back', async () => {
      const response = await install(
        acme.headers,
        await slackTemplate(),
        { webhook_url: `${base}/slack/${slackSecret}` },
        {
          signingSecret: 'whsec_test_signing_secret_0001',
        },
      );
      expect(response.statusCode).toBe(201);
      const instance = response.json<WebhookInstance>();
      expect(instance.fields).toEqual({ webhook_url: { secret: true, secretHint: '••••Part' } });
      expect(instance.signingSecretHint).toBe('••••0001');
      const everything = [
        response.body,
        (await call('GET', `/api/webhooks/instances/${instance.id}`, acme.headers)).body,
        (await call('GET', '/api/webhooks/instances', acme.headers)).body,
      ].join();
      expect(everything).not.toContain('sup3rs3cret');
      expect(everything).not.toContain('whsec_test');
      const stored = await t.database.db
        .selectFrom('webhook_instances')
        .selectAll()
        .where('id', '=', instance.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain('sup3rs3cret');
      expect(stored.signing_secret).not.toContain('whsec_test');
    });

    it('says which fields are missing or wrong, all at once', async () => {
      const missing = await install(acme.headers, await slackTemplate(), {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.details).toEqual({ fields: { webhook_url: 'Required' } });
      const wrong = await install(acme.headers, await slackTemplate(), {
        webhook_url: 'ftp://files',
        colour: 'red',
      });
      expect(wrong.json().error.details).toEqual({
        fields: { webhook_url: 'Enter an http or https address', colour: 'The template has no such field' },
      });
    });

    it('tests an instance with a sample conversation: signed, secrets masked in the log', async () => {
      const instance = (
        await install(
          acme.headers,
          await slackTemplate(),
          { webhook_url: `${base}/slack/${slackSecret}` },
          {
            signingSecret: 'whsec_test_signing_secret_0002',
          },
        )
      ).json<WebhookInstance>();
      const result = (
        await call('POST', `/api/webhooks/instances/${instance.id}/test`, acme.headers, {
          variables: { name: 'Ada', email: 'ada@example.com' },
        })
      ).json<WebhookCallResult>();
      expect(result).toMatchObject({ ok: true, status: 200, responseBody: 'ok', failure: null });
      expect(result.request).toEqual({
        method: 'POST',
        // The whole address is the secret field's value.
        url: '••••',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: '{"text": "New lead from the bot: *Ada* (ada@example.com)"}',
      });
      const [delivery] = received;
      expect(delivery?.path).toBe(`/slack/${slackSecret}`);
      expect(JSON.parse(delivery?.body ?? '')).toEqual({
        text: 'New lead from the bot: *Ada* (ada@example.com)',
      });
      const signature = String(delivery?.headers['x-parley-signature']);
      const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(digest).toBe(
        createHmac('sha256', 'whsec_test_signing_secret_0002')
          .update(`${timestamp}.${delivery?.body}`)
          .digest('hex'),
      );
      expect(delivery?.headers['x-parley-delivery']).toBe(result.deliveryId);

      const logged = await t.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', result.deliveryId)
        .executeTakeFirstOrThrow();
      expect(logged).toMatchObject({
        kind: 'test',
        ok: true,
        status: 200,
        instance_id: instance.id,
        company_id: acme.companyId,
      });
      expect(JSON.stringify(logged.request)).not.toContain('sup3rs3cret');

      const listed = (await call('GET', '/api/webhooks/instances', acme.headers)).json<{
        instances: WebhookInstanceSummary[];
      }>();
      expect(listed.instances.find((each) => each.id === instance.id)?.health).toMatchObject({
        deliveries: 1,
        succeeded: 1,
        successRate: 1,
        lastOk: true,
      });
    });

    it('maps the answer into variables, and masks a bearer token', async () => {
      const template = (
        await call('POST', '/api/webhooks/templates', acme.headers, {
          definition: {
            name: 'Local HubSpot',
            summary: 'HubSpot’s wire format on a local receiver',
            category: 'crm',
            fields: [
              { key: 'access_token', label: 'Token', secret: true },
              { key: 'email', label: 'Email', scope: 'bot', example: '{{ email }}' },
            ],
            request: {
              method: 'POST',
              url: `${base}/hubspot`,
              headers: [{ name: 'Authorization', value: 'Bearer {{ fields.access_token }}' }],
              body: '{"properties": {"email": {{ fields.email | tojson }}}}',
            },
            responseMapping: [
              { variable: 'hubspot_contact_id', path: 'id' },
              { variable: 'missing', path: 'no.such' },
            ],
          },
          visibility: 'private',
        })
      ).json<WebhookTemplate>();
      const instance = (
        await install(acme.headers, template.id, { access_token: 'pat-na1-abcdef123456' })
      ).json<WebhookInstance>();
      const result = (
        await call('POST', `/api/webhooks/instances/${instance.id}/test`, acme.headers, {
          variables: { email: 'ada@example.com' },
        })
      ).json<WebhookCallResult>();
      expect(result).toMatchObject({
        ok: true,
        status: 201,
        variables: { hubspot_contact_id: '512', missing: null },
      });
      expect(result.request.headers).toEqual([{ name: 'Authorization', value: 'Bearer ••••' }]);
      expect(received[0]?.headers.authorization).toBe('Bearer pat-na1-abcdef123456');
    });

    it('names what went wrong: a body that does not render, an answer that is not JSON, an error status', async () => {
      const make = async (url: string, body: string, mapping: { variable: string; path: string }[] = []) => {
        const template = (
          await call('POST', '/api/webhooks/templates', acme.headers, {
            definition: {
              name: 'Bad',
              summary: 'Bad',
              category: 'developer',
              request: { method: 'POST', url, body },
              responseMapping: mapping,
            },
            visibility: 'private',
          })
        ).json<WebhookTemplate>();
        const instance = (await install(acme.headers, template.id, {})).json<WebhookInstance>();
        return (
          await call('POST', `/api/webhooks/instances/${instance.id}/test`, acme.headers, {})
        ).json<WebhookCallResult>();
      };
      expect((await make(`${base}/slack`, '{{ broken ')).failure?.reason).toBe('template_error');
      expect((await make('not a url {{ 1 }}', '{}')).failure).toEqual({
        reason: 'invalid_address',
        message: 'Not a web address: not a url 1',
      });
      expect((await make(`${base}/html`, '{}', [{ variable: 'x', path: 'id' }])).failure).toEqual({
        reason: 'not_json',
        message: 'The answer is not JSON: <html>Thanks!</html>',
      });
      expect((await make(`${base}/fails`, '{}')).failure).toMatchObject({ reason: 'error_status' });
      expect(received.map((request) => request.path)).toEqual(['/html', '/fails']);
    });

    it('keeps one company’s instances from another', async () => {
      const instance = (
        await install(acme.headers, await slackTemplate(), { webhook_url: `${base}/slack/x` })
      ).json<WebhookInstance>();
      for (const [method, url, payload] of [
        ['GET', `/api/webhooks/instances/${instance.id}`, undefined],
        ['PATCH', `/api/webhooks/instances/${instance.id}`, { name: 'Mine now' }],
        ['POST', `/api/webhooks/instances/${instance.id}/test`, {}],
        ['DELETE', `/api/webhooks/instances/${instance.id}`, undefined],
      ] as const) {
        const response = await call(method, url, globex.headers, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      const theirs = (await call('GET', '/api/webhooks/instances', globex.headers)).json<{
        instances: unknown[];
      }>();
      expect(theirs.instances).toEqual([]);
      expect(received).toEqual([]);
    });

    it('renames, keeps a secret left out, replaces one given, and removes', async () => {
      const instance = (
        await install(acme.headers, await slackTemplate(), { webhook_url: `${base}/slack/first-secret` })
      ).json<WebhookInstance>();
      const renamed = await call('PATCH', `/api/webhooks/instances/${instance.id}`, acme.headers, {
        name: 'Support channel',
      });
      expect(renamed.json<WebhookInstance>()).toMatchObject({
        name: 'Support channel',
        fields: { webhook_url: { secretHint: '••••cret' } },
      });
      await call('POST', `/api/webhooks/instances/${instance.id}/test`, acme.headers, {});
      expect(received.at(-1)?.path).toBe('/slack/first-secret');
      const replaced = await call('PATCH', `/api/webhooks/instances/${instance.id}`, acme.headers, {
        fields: { webhook_url: `${base}/slack/second-one` },
      });
      expect(replaced.json<WebhookInstance>().fields.webhook_url).toEqual({
        secret: true,
        secretHint: '••••-one',
      });
      await call('POST', `/api/webhooks/instances/${instance.id}/test`, acme.headers, {});
      expect(received.at(-1)?.path).toBe('/slack/second-one');
      expect((await call('DELETE', `/api/webhooks/instances/${instance.id}`, acme.headers)).statusCode).toBe(
        204,
      );
      expect((await call('GET', `/api/webhooks/instances/${instance.id}`, acme.headers)).statusCode).toBe(
        404,
      );
    });
  });
});

describe('the webhook marketplace with the default address policy', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(
      { OUTGOING_ALLOW_HOSTS: '' },
      { resolveHost: async () => [{ address: '192.168.1.20', family: 4 }] },
    );
    headers = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  it.each([
    ['http://127.0.0.1:9/hook', 'could not reach 127.0.0.1'],
    ['http://169.254.169.254/latest/meta-data', 'could not reach 169.254.169.254'],
    ['https://hooks.internal.example/x', 'could not reach hooks.internal.example'],
  ])('refuses a Slack address %s on this server’s network', async (url, message) => {
    const list = (
      await t.request({ method: 'GET', url: '/api/webhooks/templates?search=slack', headers })
    ).json<WebhookTemplateList>();
    const instance = (
      await t.request({
        method: 'POST',
        url: '/api/webhooks/instances',
        headers,
        payload: { templateId: list.templates[0]?.id, name: 'Probe', fields: { webhook_url: url } },
      })
    ).json<WebhookInstance>();
    const result = (
      await t.request({
        method: 'POST',
        url: `/api/webhooks/instances/${instance.id}/test`,
        headers,
        payload: {},
      })
    ).json<WebhookCallResult>();
    expect(result).toMatchObject({ ok: false, status: null, failure: { reason: 'unreachable', message } });
  });
});
