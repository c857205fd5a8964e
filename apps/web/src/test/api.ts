import { vi } from 'vitest';

/** What a faked route answers: a JSON body (status 200), or a status with a body. */
export type FakeAnswer =
  | object
  | string
  | number
  | boolean
  | null
  | { status: number; body: unknown }
  /** Answered as it is (a stream of Server-Sent Events, say). */
  | Response;
type Handler = (request: { url: URL; body: unknown }) => FakeAnswer;

const isStatusAnswer = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;

/**
 * Fakes the server behind the app's request helper: routes as `'GET /api/bots/b1'` (the path,
 * without the query) answering a body or a function of the request. Anything else answers 404
 * NotFoundException, as the server does. Answers the requests made, to check what was sent.
 */
export function fakeApi(routes: Record<string, FakeAnswer | Handler>) {
  const requests: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      route === undefined
        ? { status: 404, body: { error: { name: 'NotFoundException', message: 'Not found' } } }
        : typeof route === 'function'
          ? (route as Handler)({ url, body })
          : route;
    if (answer instanceof Response) return answer;
    const { status, body: payload } = isStatusAnswer(answer) ? answer : { status: 200, body: answer };
    // A 204 has no body at all (a Response refuses even an empty one).
    const text = status === 204 || payload === undefined ? null : JSON.stringify(payload);
    return new Response(text, {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}
