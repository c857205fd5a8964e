import type {
  WebhookDelivery,
  WebhookDeliverySummary,
  WebhookInstance,
  WebhookTemplate,
  WebhookTemplateSummary,
} from '@parley/contracts';

/** Ids as the server makes them (the contracts want uuids for templates, instances and deliveries). */
export const ids = {
  slack: '0b6f4c1e-1d2a-4c3b-9e8f-000000000001',
  instance: '0b6f4c1e-1d2a-4c3b-9e8f-000000000101',
  otherInstance: '0b6f4c1e-1d2a-4c3b-9e8f-000000000102',
  bot: '0b6f4c1e-1d2a-4c3b-9e8f-000000000201',
  conversation: '0b6f4c1e-1d2a-4c3b-9e8f-000000000301',
  delivery: '0b6f4c1e-1d2a-4c3b-9e8f-000000000401',
  replay: '0b6f4c1e-1d2a-4c3b-9e8f-000000000402',
};

/** A template as the catalogue lists it. */
export const templateSummary = (
  id: string,
  name: string,
  category: WebhookTemplateSummary['category'],
  extra: Partial<WebhookTemplateSummary> = {},
): WebhookTemplateSummary => ({
  id,
  name,
  summary: `${name}: what it does`,
  category,
  visibility: 'public',
  companyId: null,
  builtIn: true,
  version: 1,
  editable: false,
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...extra,
});

/** The built-in Slack template: a secret address filled once, a message filled in each bot. */
export function slackTemplate(extra: Partial<WebhookTemplateSummary> = {}): WebhookTemplate {
  const summary = templateSummary(extra.id ?? ids.slack, 'Slack message', 'messaging', extra);
  return {
    ...summary,
    definition: {
      name: summary.name,
      summary: summary.summary,
      description: 'Posts a message to a Slack channel through an incoming webhook.',
      category: 'messaging',
      fields: [
        {
          key: 'webhook_url',
          label: 'Incoming webhook URL',
          type: 'url',
          help: 'From Slack’s app settings',
          secret: true,
          required: true,
          scope: 'instance',
          example: 'https://hooks.slack.com/services/T000/B000/XXXX',
        },
        {
          key: 'text',
          label: 'Message',
          type: 'multiline',
          help: '',
          secret: false,
          required: true,
          scope: 'bot',
          example: 'New lead: {{ email }}',
        },
      ],
      request: {
        method: 'POST',
        url: '{{ webhook_url }}',
        headers: [],
        body: '{"text": {{ text | tojson }}}',
      },
      responseMapping: [],
    },
    exampleRequest: {
      method: 'POST',
      url: 'https://hooks.slack.com/services/••••',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"text": "New lead: ada@example.com"}',
    },
    exampleError: null,
  };
}

/** An installed Slack webhook, healthy over the week. */
export function webhookInstance(extra: Partial<WebhookInstance> = {}): WebhookInstance {
  const template = slackTemplate();
  return {
    id: ids.instance,
    name: 'Sales channel',
    templateId: template.id,
    templateName: template.name,
    category: 'messaging',
    asynchronous: false,
    health: {
      deliveries: 4,
      succeeded: 4,
      successRate: 1,
      p95Ms: 120,
      lastDeliveryAt: '2026-11-24T09:00:00.000Z',
      lastOk: true,
    },
    createdAt: '2026-11-01T09:00:00.000Z',
    template: template.definition,
    fields: { webhook_url: { secret: true, secretHint: '…XXXX' } },
    signingSecretHint: '…ab12',
    ...extra,
  };
}

/** One line of the delivery log: a live call a bot made that Slack accepted. */
export function deliverySummary(extra: Partial<WebhookDeliverySummary> = {}): WebhookDeliverySummary {
  return {
    id: ids.delivery,
    createdAt: '2026-11-24T09:30:00.000Z',
    instanceId: ids.instance,
    instanceName: 'Sales channel',
    botId: ids.bot,
    botName: 'Front desk',
    conversationId: ids.conversation,
    moduleId: 'notify',
    kind: 'live',
    replayOf: null,
    retryOf: null,
    attempt: 1,
    ok: true,
    status: 200,
    durationMs: 83,
    method: 'POST',
    url: 'https://hooks.slack.com/services/••••',
    failure: null,
    ...extra,
  };
}

/** A delivery as its page shows it: the request sent, the answer, its attempts and replays. */
export function delivery(extra: Partial<WebhookDelivery> = {}): WebhookDelivery {
  const summary = deliverySummary(extra);
  return {
    ...summary,
    request: {
      method: 'POST',
      url: summary.url,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"text": "New lead: ada@example.com"}',
    },
    responseBody: 'ok',
    attempts: [summary],
    replays: [],
    replayable: true,
    ...extra,
  };
}
