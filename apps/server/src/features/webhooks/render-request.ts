import type { RenderedWebhookRequest, WebhookTemplateDefinition } from '@parley/contracts';
import { callFailure, OutsideCallFailed } from '@parley/engine';
import { renderTemplate, TemplateError } from '@parley/engine/templating';

/** Filters a webhook request may need beyond Jinja's own (Basic authentication). */
const requestFilters = {
  b64encode: (value: unknown) => Buffer.from(String(value ?? ''), 'utf8').toString('base64'),
};

/** What a request part failed to render in, for the builder: `body: unexpected '}' (line 1)`. */
function renderPart(part: string, source: string, variables: Record<string, unknown>): string {
  // One line with no tag, expression or comment renders as itself (most header names, many
  // addresses); rendering would only cost the call's time. (Line ends are Jinja's to normalize.)
  if (!/[{\r\n]/.test(source)) return source;
  try {
    return renderTemplate(source, variables, { filters: requestFilters });
  } catch (error) {
    const message = error instanceof TemplateError ? error.message : String(error);
    throw new OutsideCallFailed(callFailure('template_error', `The ${part} does not render: ${message}`));
  }
}

/**
 * Renders a template's `bot` fields (templates the builder wrote in a module, or the examples)
 * over the conversation's variables. A field that does not render is a `template_error`.
 */
export function renderBotFields(
  definition: WebhookTemplateDefinition,
  written: Record<string, string>,
  variables: Record<string, unknown>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of definition.fields) {
    if (field.scope !== 'bot') continue;
    values[field.key] = renderPart(`field “${field.label}”`, written[field.key] ?? field.example, variables);
  }
  return values;
}

/**
 * The request a template makes with these field values: the address, headers and body rendered
 * over the conversation's variables and `fields`. A header that renders empty is left out (an
 * optional Authorization header). Throws OutsideCallFailed (`template_error`) when a part does not
 * render, `invalid_address` when the address is not an http(s) address.
 */
export function renderWebhookRequest(
  definition: WebhookTemplateDefinition,
  fields: Record<string, string>,
  variables: Record<string, unknown> = {},
): RenderedWebhookRequest {
  const scope = { ...variables, fields };
  const url = renderPart('address', definition.request.url, scope).trim();
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new OutsideCallFailed(callFailure('invalid_address', `Not a web address: ${url.slice(0, 200)}`));
  const headers = definition.request.headers
    .map((header) => ({
      name: renderPart(`header ${header.name}`, header.name, scope).trim(),
      value: renderPart(`header ${header.name}`, header.value, scope).trim(),
    }))
    .filter((header) => header.name !== '' && header.value !== '' && !/^(Bearer|Basic)$/i.test(header.value));
  const { method } = definition.request;
  const body =
    method === 'GET' || method === 'DELETE' ? '' : renderPart('body', definition.request.body, scope);
  return { method, url, headers, body };
}

const SENSITIVE_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|x-auth-token)$/i;

/**
 * The request as the log keeps it: every secret value masked wherever it appears (as typed, as
 * JSON writes it, URL-encoded), and credential headers masked whole but for their scheme.
 */
export function maskRequest(
  request: RenderedWebhookRequest,
  secrets: readonly string[],
): RenderedWebhookRequest {
  const forms = secrets
    .filter((secret) => secret.length >= 4)
    .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])
    .sort((a, b) => b.length - a.length);
  const mask = (text: string) => forms.reduce((masked, form) => masked.split(form).join('••••'), text);
  return {
    method: request.method,
    url: mask(request.url),
    headers: request.headers.map(({ name, value }) => ({
      name,
      value: SENSITIVE_HEADERS.test(name)
        ? value.replace(/^(\S+\s)?.*$/, (_, scheme = '') => `${scheme}••••`)
        : mask(value),
    })),
    body: mask(request.body),
  };
}
