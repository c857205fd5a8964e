import { describe, expect, it } from 'vitest';
import { mapResponse, readJsonPath } from './response-mapping';

describe('mapping a webhook’s answer into variables', () => {
  it.each([
    ['id', '512'],
    ['ticket.id', 35436],
    ['items.1.name', 'b'],
    ['', { id: '512', ticket: { id: 35436 }, items: [{ name: 'a' }, { name: 'b' }] }],
    ['items.9.name', undefined],
    ['constructor', undefined],
  ])('reads %s', (path, value) => {
    const answer = { id: '512', ticket: { id: 35436 }, items: [{ name: 'a' }, { name: 'b' }] };
    expect(readJsonPath(answer, path)).toEqual(value);
  });

  it('needs no JSON when nothing is mapped, and names an answer that is not JSON when something is', () => {
    expect(mapResponse('ok', [])).toEqual({ ok: true, variables: {} });
    expect(
      mapResponse('{"id": 7}', [
        { variable: 'id', path: 'id' },
        { variable: 'gone', path: 'x' },
      ]),
    ).toEqual({
      ok: true,
      variables: { id: 7, gone: null },
    });
    expect(mapResponse('<html>\n  Thanks', [{ variable: 'id', path: 'id' }])).toEqual({
      ok: false,
      failure: { reason: 'not_json', message: 'The answer is not JSON: <html> Thanks' },
    });
  });
});
