/**
 * A lexeme of the inbox's word index (migration 0010) that every message of a bot containing the
 * searched text holds, with how many messages hold it by the planner's statistics (`null`: not
 * among the index's most common lexemes, so few, or no statistics yet).
 */
export interface SearchLexeme {
  botId: string;
  lexeme: string;
  /** The lexeme of the bot's messages too long to index, which every search takes as a candidate. */
  unindexed: string;
  messages: number | null;
}

/**
 * How the word index is used. Its scan walks the posting list of every lexeme it is given (a few
 * nanoseconds an entry), and each message it lets through costs a read of that message (a few
 * microseconds). So a lexeme is left out only when its list is long (`commonList` messages of the
 * bot: "order" in half the bench's, which cost 10 ms to walk and removed nothing "for" had not
 * removed); the rarest one is always taken. And when even the rarest ones would let through more
 * than `mostCandidates` messages in all, the word index is not used: the search reads that many
 * messages whichever index finds them, and the word index's bitmap would grow lossy, which makes
 * PostgreSQL compute the lexemes of every row of the lossy pages again. The rarest lexeme is an
 * upper bound: the words together let through far fewer ("refund for order 4" over four bots of
 * the bench, 51 333 by "for", 10 060 in fact, read in 42 ms).
 */
export const WORD_INDEX_LIMITS = { commonList: 500_000, mostCandidates: 100_000 };

/** A tsquery lexeme, quoted (lexemes are letters, digits and `:>!`; quotes and backslashes escaped anyway). */
const quoted = (lexeme: string) => `'${lexeme.replace(/['\\]/g, (char) => `\\${char}`)}'`;

/**
 * The word index's query for the lexemes of a search (one group per bot, OR-ed), or undefined
 * when the index cannot narrow the search: no lexemes (a single word), or too many candidates.
 */
export function wordIndexQuery(
  lexemes: SearchLexeme[],
  limits: typeof WORD_INDEX_LIMITS = WORD_INDEX_LIMITS,
): string | undefined {
  const byBot = new Map<string, SearchLexeme[]>();
  for (const lexeme of lexemes) byBot.set(lexeme.botId, [...(byBot.get(lexeme.botId) ?? []), lexeme]);
  let candidates = 0;
  const clauses: string[] = [];
  for (const group of byBot.values()) {
    const rarestFirst = group.toSorted((a, b) => (a.messages ?? 0) - (b.messages ?? 0));
    candidates += rarestFirst[0]?.messages ?? 0;
    const taken = rarestFirst.filter(
      (lexeme, index) => index === 0 || (lexeme.messages ?? 0) <= limits.commonList,
    );
    clauses.push(
      `(${taken.map((lexeme) => quoted(lexeme.lexeme)).join(' & ')}) | ${quoted(group[0]?.unindexed ?? '')}`,
    );
  }
  if (clauses.length === 0 || candidates > limits.mostCandidates) return undefined;
  return clauses.join(' | ');
}
