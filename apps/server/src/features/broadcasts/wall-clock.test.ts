import { describe, expect, it } from 'vitest';
import { instantOf } from './wall-clock';

describe('instantOf', () => {
  it.each([
    ['2026-12-01T09:00', 'UTC', '2026-12-01T09:00:00.000Z'],
    ['2026-12-01T09:00', 'Europe/Madrid', '2026-12-01T08:00:00.000Z'],
    ['2026-07-01T09:00', 'Europe/Madrid', '2026-07-01T07:00:00.000Z'],
    ['2026-12-01T09:00', 'America/New_York', '2026-12-01T14:00:00.000Z'],
    ['2026-12-01T09:00', 'Asia/Kolkata', '2026-12-01T03:30:00.000Z'],
  ])('%s in %s is %s', (wall, zone, expected) => {
    expect(instantOf(wall, zone).toISOString()).toBe(expected);
  });
});
