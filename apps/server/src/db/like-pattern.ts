/** A LIKE pattern matching `text` anywhere; `%`, `_` and `\` in it match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
