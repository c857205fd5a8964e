import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One account the fake knows: its plan decides which host accepts its key (`:fx` keys are free). */
export interface FakeDeepLAccount {
  characterCount: number;
  characterLimit: number;
}

export interface FakeDeepLRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The body's fields, from a form or a JSON body alike (`text` always a list). */
  fields: Record<string, string[]>;
  contentType: string;
}

/**
 * A local server speaking DeepL's API v2 wire format: `POST /v2/translate` with a form or a JSON
 * body (`text` repeated, `source_lang`, `target_lang`, `tag_handling`), `GET /v2/usage`,
 * `GET /v2/languages` (`type=target` too), the `DeepL-Auth-Key` authorization header, 403 with
 * DeepL's `{ message }` body for an unknown key (and for a key on the wrong plan's host, as DeepL
 * answers "Wrong endpoint"), 456 when the account's character quota would be exceeded.
 *
 * `plan` says which DeepL host this one stands for: the free host takes only `:fx` keys, the pro
 * host only the others. Its translation is plain to check: the target language's code in
 * brackets, then the text upper-cased; with `tag_handling=xml` the markup is kept as it came
 * (DeepL never translates tags), so a text only upper-cased inside tags was not protected.
 * `delayMs` holds every answer (a slow or hanging provider).
 */
export function fakeDeepL(plan: 'free' | 'pro', accounts: Record<string, FakeDeepLAccount>) {
  const requests: FakeDeepLRequest[] = [];
  const state = { delayMs: 0 };
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://fake-deepl');
      const contentType = request.headers['content-type'] ?? '';
      const fields = readFields(url, body, contentType);
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        authorization: request.headers.authorization,
        fields,
        contentType,
      });
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const key = /^DeepL-Auth-Key (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const account = key === undefined ? undefined : accounts[key];
      if (!key || !account) return send(403, { message: 'Authorization failure, check auth_key' });
      if (key.endsWith(':fx') !== (plan === 'free')) return send(403, { message: 'Wrong endpoint' });
      if (url.pathname === '/v2/usage' && request.method === 'GET') {
        return send(200, {
          character_count: account.characterCount,
          character_limit: account.characterLimit,
        });
      }
      if (url.pathname === '/v2/languages' && request.method === 'GET') {
        return send(200, fields.type?.[0] === 'target' ? TARGETS : SOURCES);
      }
      if (url.pathname === '/v2/translate' && request.method === 'POST') {
        const texts = fields.text ?? [];
        const target = fields.target_lang?.[0];
        if (texts.length === 0 || !target) {
          return send(400, { message: "Value for 'text' not provided." });
        }
        if (texts.length > 50) return send(413, { message: 'Too many texts' });
        const characters = texts.reduce((sum, text) => sum + text.length, 0);
        if (account.characterCount + characters > account.characterLimit) {
          return send(456, { message: 'Quota exceeded' });
        }
        account.characterCount += characters;
        const xml = fields.tag_handling?.[0] === 'xml';
        return send(200, {
          translations: texts.map((text) => ({
            detected_source_language: (fields.source_lang?.[0] ?? 'EN').toUpperCase(),
            text: fakeTranslation(text, target, xml),
            billed_characters: text.length,
          })),
        });
      }
      return send(404, { message: 'Not found' });
    });
  });
  return {
    server,
    requests,
    state,
    /** Starts listening on a free port of 127.0.0.1; resolves to its address. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The client keeps its connections alive; they would hold the close up.
        server.closeAllConnections();
      }),
    /** The texts of every translate request so far, one list per request. */
    translateCalls: () => requests.filter((r) => r.path === '/v2/translate').map((r) => r.fields),
  };
}

/** What the fake makes of a text: `[ES] HELLO`, markup untouched when tags are handled. */
export function fakeTranslation(text: string, target: string, xml: boolean): string {
  const upper = xml
    ? text.replace(/(<[^>]*>)|([^<]+)/g, (_, tag, words) => tag ?? words.toUpperCase())
    : text.toUpperCase();
  return `[${target.toUpperCase()}] ${upper}`;
}

function readFields(url: URL, body: string, contentType: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (name: string, value: unknown) => {
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    fields[name] = [...(fields[name] ?? []), ...values];
  };
  for (const [name, value] of url.searchParams) add(name, value);
  if (contentType.includes('application/json') && body) {
    for (const [name, value] of Object.entries(JSON.parse(body) as Record<string, unknown>)) add(name, value);
  } else if (body) {
    for (const [name, value] of new URLSearchParams(body)) add(name, value);
  }
  return fields;
}

const SOURCES = [
  { language: 'DE', name: 'German' },
  { language: 'EN', name: 'English' },
  { language: 'ES', name: 'Spanish' },
  { language: 'FR', name: 'French' },
];
const TARGETS = [
  { language: 'DE', name: 'German', supports_formality: true },
  { language: 'EN-GB', name: 'English (British)', supports_formality: false },
  { language: 'EN-US', name: 'English (American)', supports_formality: false },
  { language: 'ES', name: 'Spanish', supports_formality: true },
  { language: 'FR', name: 'French', supports_formality: true },
];
