const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Readers of address parameters: a value that is not valid reads as absent, never as an error. */
export const idParam = (value: string | null) => (value && UUID.test(value) ? value : undefined);
export const dayParam = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
