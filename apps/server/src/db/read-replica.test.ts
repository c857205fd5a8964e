import { describe, expect, it } from 'vitest';
import { logPosition } from './read-replica';

describe('log positions', () => {
  it('orders positions as PostgreSQL does, across the high word', () => {
    const order = ['0/3699D30', '0/3699F00', '0/FFFFFFFF', '1/0', '16/B374D848'].map(
      (text) => logPosition(text) ?? -1n,
    );
    expect(order).not.toContain(-1n);
    expect([...order].sort((a, b) => (a < b ? -1 : 1))).toEqual(order);
  });

  it('refuses what is not a position (the read then goes to the primary)', () => {
    for (const text of ['', 'x/y', '0/', '/1', '0/3699D30; drop', '123456789/0', undefined, null])
      expect(logPosition(text)).toBeUndefined();
  });
});
