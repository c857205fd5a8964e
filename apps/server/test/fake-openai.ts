import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking OpenAI's chat completions wire format (streamed, server-sent events).
 * `tokenDelayMs` spaces the tokens out, as a model writing its answer does; `beforeAnswer` holds
 * each answer until it settles (a slow model, or one a test releases). `refuse` answers every
 * request with that error status and OpenAI's error body (429 `insufficient_quota`: a spent quota).
 */
export function fakeOpenAi(
  options: {
    tokens?: string[] | ((body: Record<string, unknown>) => string[]);
    tokenDelayMs?: number;
    beforeAnswer?: (body: Record<string, unknown>) => Promise<void>;
    refuse?: { status: number; message: string; type: string };
    /**
     * Scripts the model to call tools instead of answering: the calls (name and the arguments'
     * JSON text, which may be broken on purpose) for this request, or none to answer with tokens.
     */
    toolCalls?: (body: Record<string, unknown>) => { name: string; arguments: string }[] | undefined;
    /**
     * Embeddings (`POST /embeddings`): each text's words are mapped to a concept (a word not named
     * stands for itself) and counted into a small vector, so texts sharing concepts are similar
     * while sharing no word: `{ money: 'refund', refunds: 'refund' }`.
     */
    concepts?: Record<string, string>;
    /** Answers embeddings requests with this error status and OpenAI's error body. */
    refuseEmbeddings?: { status: number; message: string };
    /**
     * Models served as OpenAI serves its reasoning models (o1, o3, gpt-5 …): a call with
     * `max_tokens`, or a `temperature` other than 1, is refused with 400 naming the parameter.
     */
    reasoningModels?: string[];
  } = {},
) {
  const tokensFor = (body: Record<string, unknown>) =>
    typeof options.tokens === 'function' ? options.tokens(body) : (options.tokens ?? ['Green', ' tea', '.']);
  const requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      if (request.method === 'GET') {
        answerModels(request, response);
        return;
      }
      const parsed = JSON.parse(body) as Record<string, unknown>;
      requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: parsed });
      if (request.headers.authorization !== 'Bearer test-key') {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          }),
        );
        return;
      }
      if (request.url?.endsWith('/embeddings')) {
        answerEmbeddings(response, parsed, options);
        return;
      }
      if (options.refuse) {
        const { status, message, type } = options.refuse;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message, type, code: type } }));
        return;
      }
      const refusal = options.reasoningModels?.includes(String(parsed.model))
        ? reasoningRefusal(parsed)
        : undefined;
      if (refusal) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', ...refusal } }));
        return;
      }
      await options.beforeAnswer?.(parsed);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const calls = options.toolCalls?.(parsed);
      if (calls?.length) {
        writeToolCalls(response, calls);
        return;
      }
      for (const token of tokensFor(parsed)) {
        if (options.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, options.tokenDelayMs));
        const chunk = {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'gpt-test',
          choices: [{ index: 0, delta: { content: token }, finish_reason: null }],
        };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      response.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      const streamOptions = parsed.stream_options as { include_usage?: boolean } | undefined;
      if (streamOptions?.include_usage) {
        // OpenAI's last chunk when usage is asked for: no choices, the call's token counts.
        const tokens = tokensFor(parsed).length;
        const promptTokens = Math.ceil(JSON.stringify(parsed.messages ?? []).length / 4);
        const usage = {
          prompt_tokens: promptTokens,
          completion_tokens: tokens,
          total_tokens: promptTokens + tokens,
        };
        response.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [], usage })}\n\n`,
        );
      }
      response.end('data: [DONE]\n\n');
    });
  });
  return {
    server,
    requests,
    /** Starts listening on a free local port; answers the base URL a client is configured with. */
    listen: async (): Promise<string> => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What OpenAI answers a reasoning model's call with a parameter it refuses, one at a time (the
 * error's `param` and `code` as the API sends them), or nothing for a call it takes.
 */
function reasoningRefusal(body: Record<string, unknown>) {
  if (body.max_tokens !== undefined)
    return {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      param: 'max_tokens',
      code: 'unsupported_parameter',
    };
  if (body.temperature !== undefined && body.temperature !== 1)
    return {
      message: `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
      param: 'temperature',
      code: 'unsupported_value',
    };
  return undefined;
}

/** `GET /v1/models` as OpenAI answers it (the key is checked the same way). */
function answerModels(request: IncomingMessage, response: ServerResponse) {
  const json = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (!request.url?.endsWith('/models'))
    return json(404, { error: { message: 'Unknown request URL', type: 'invalid_request_error' } });
  if (request.headers.authorization !== 'Bearer test-key')
    return json(401, {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
  json(200, {
    object: 'list',
    data: ['gpt-test', 'gpt-test-mini'].map((id) => ({ id, object: 'model', created: 1, owned_by: 'fake' })),
  });
}

/**
 * Streams tool calls as OpenAI does: each call's id and name in one chunk, its arguments' JSON in
 * two more, then `finish_reason: tool_calls` and the usage chunk.
 */
function writeToolCalls(response: ServerResponse, calls: { name: string; arguments: string }[]) {
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-2', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  calls.forEach((call, index) => {
    const half = Math.ceil(call.arguments.length / 2);
    response.write(
      chunk({
        tool_calls: [
          { index, id: `call_${index + 1}`, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    for (const part of [call.arguments.slice(0, half), call.arguments.slice(half)])
      response.write(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  response.write(chunk({}, 'tool_calls'));
  const usage = {
    prompt_tokens: 20,
    completion_tokens: 5 * calls.length,
    total_tokens: 20 + 5 * calls.length,
  };
  response.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-2', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [], usage })}\n\n`,
  );
  response.end('data: [DONE]\n\n');
}

/**
 * Tokens of a model that answers from the first numbered source of a knowledge prompt and cites it,
 * as a model told to cite does: `From what I have: <the source's text> [1]`.
 */
export function citingFirstSource(body: Record<string, unknown>): string[] {
  const messages = body.messages as { role: string; content: string }[];
  const user = messages.at(-1)?.content ?? '';
  const first = /\[1\] [^:]+: (.*)/.exec(user)?.[1] ?? '';
  return ['From', ' what', ' I', ' have: ', first, ' [1]'];
}

/** Dimensions of the fake embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** A text's fake embedding: its words' concepts counted into FAKE_EMBEDDING_DIMENSIONS buckets. */
export function fakeEmbedding(text: string, concepts: Record<string, string> = {}): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const concept = concepts[word] ?? word;
    let hash = 0;
    for (const char of concept) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS] = (vector[hash % FAKE_EMBEDDING_DIMENSIONS] ?? 0) + 1;
  }
  return vector;
}

function answerEmbeddings(
  response: ServerResponse,
  body: Record<string, unknown>,
  options: { concepts?: Record<string, string>; refuseEmbeddings?: { status: number; message: string } },
) {
  if (options.refuseEmbeddings) {
    response.writeHead(options.refuseEmbeddings.status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        error: { message: options.refuseEmbeddings.message, type: 'server_error', code: null },
      }),
    );
    return;
  }
  const input = typeof body.input === 'string' ? [body.input] : (body.input as string[]);
  const data = input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: fakeEmbedding(text, options.concepts),
  }));
  const tokens = input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}
