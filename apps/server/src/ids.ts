const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are UUIDs; anything else is simply not found (and never reaches a uuid column). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
