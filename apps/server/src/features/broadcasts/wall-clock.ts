/**
 * The instant a wall-clock time (`2026-12-01T09:00`) names in an IANA time zone, as the people
 * who live there read their clocks (summer time included). Intl knows each zone's offsets: the
 * offset at a first guess is corrected once, which lands on the right side of a change.
 */
export function instantOf(wallClock: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wallClock}:00Z`);
  const guess = asUtc - offsetMs(asUtc, timeZone);
  return new Date(asUtc - offsetMs(guess, timeZone));
}

/** How far the zone's clocks are ahead of UTC at an instant. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}
