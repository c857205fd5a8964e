/** node-postgres's own conversion of a JavaScript value to what it sends a server (no types ship for it). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
