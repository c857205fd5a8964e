import { describe, expect, it } from 'vitest';
import { builtInTemplates } from './catalogue';
import { maskRequest, renderBotFields, renderWebhookRequest } from './render-request';

const template = (slug: string) => {
  const found = builtInTemplates.find((each) => each.slug === slug);
  if (!found) throw new Error(slug);
  return found.definition;
};

describe('rendering a template’s request', () => {
  it('renders the bot fields over the conversation, then the request over the fields', () => {
    const airtable = template('airtable-create-record');
    const variables = { name: 'Ada "the Countess"', email: 'ada@example.com' };
    const botFields = renderBotFields(airtable, {}, variables);
    const request = renderWebhookRequest(
      airtable,
      { token: 'patSecret123', base_id: 'appABC', table: 'Leads & Sales', ...botFields },
      variables,
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://api.airtable.com/v0/appABC/Leads%20%26%20Sales',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Authorization', value: 'Bearer patSecret123' },
      ],
      body: expect.any(String),
    });
    expect(JSON.parse(request.body)).toEqual({
      fields: { Name: 'Ada "the Countess"', Email: 'ada@example.com' },
      typecast: true,
    });
  });

  it('sends text with nothing to render as it is, and line ends as Jinja leaves them', () => {
    const generic = template('generic-json-post');
    const plain = { ...generic, request: { ...generic.request, url: 'https://api.example.com/x?a=1%20b' } };
    expect(renderWebhookRequest(plain, { payload: '{}' }).url).toBe('https://api.example.com/x?a=1%20b');
    const lines = { ...generic, request: { ...generic.request, body: 'first\r\nsecond\n' } };
    expect(renderWebhookRequest(lines, { url: 'https://api.example.com/x' }).body).toBe('first\nsecond');
  });

  it('leaves out a header that renders empty (an optional credential)', () => {
    const generic = template('generic-json-post');
    const request = renderWebhookRequest(generic, { url: 'https://api.example.com/x', payload: '{}' });
    expect(request.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
  });

  it('names a bot field that does not render', () => {
    expect(() => renderBotFields(template('slack-incoming-webhook'), { message: '{{ name ' }, {})).toThrow(
      expect.objectContaining({ failure: expect.objectContaining({ reason: 'template_error' }) }),
    );
  });

  it('masks secrets wherever they appear: as typed, JSON-escaped, URL-encoded, and credential headers whole', () => {
    const secret = 'p@ss"word/1';
    const masked = maskRequest(
      {
        method: 'POST',
        url: `https://x.example/hook?key=${encodeURIComponent(secret)}`,
        headers: [
          { name: 'Authorization', value: 'Basic YWRhOnRva2Vu' },
          { name: 'X-Token', value: secret },
        ],
        body: JSON.stringify({ password: secret, note: 'kept' }),
      },
      [secret],
    );
    expect(masked).toEqual({
      method: 'POST',
      url: 'https://x.example/hook?key=••••',
      headers: [
        { name: 'Authorization', value: 'Basic ••••' },
        { name: 'X-Token', value: '••••' },
      ],
      body: '{"password":"••••","note":"kept"}',
    });
  });
});
