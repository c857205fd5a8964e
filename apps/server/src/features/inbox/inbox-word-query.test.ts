import { describe, expect, it } from 'vitest';
import { type SearchLexeme, wordIndexQuery } from './inbox-word-query';

const lexeme = (botId: string, word: string, messages: number | null): SearchLexeme => ({
  botId,
  lexeme: `${botId}${word}`,
  unindexed: `${botId}!`,
  messages,
});

describe('the word index query', () => {
  it('asks for every lexeme of the phrase, or a long message, when nothing is known of them', () => {
    expect(
      wordIndexQuery([lexeme('aa', ':for', null), lexeme('aa', ':order', null), lexeme('aa', '>4', null)]),
    ).toBe("('aa:for' & 'aa:order' & 'aa>4') | 'aa!'");
  });

  it('has nothing to ask for a single word', () => {
    expect(wordIndexQuery([])).toBeUndefined();
  });

  it('leaves out a lexeme too common to be worth walking, unless it is the rarest', () => {
    // "for" in 12 600 messages, "4…" in 240 000, "order" in 1 260 000 (the bench's first bot).
    const phrase = [
      lexeme('aa', ':order', 1_260_000),
      lexeme('aa', ':for', 12_600),
      lexeme('aa', '>4', 240_000),
    ];
    expect(wordIndexQuery(phrase)).toBe("('aa:for' & 'aa>4') | 'aa!'");
    const commonWords = [
      lexeme('aa', ':order', 1_260_000),
      lexeme('aa', ':is', 1_250_000),
      lexeme('aa', ':x', 9),
    ];
    expect(wordIndexQuery(commonWords)).toBe("('aa:x') | 'aa!'");
  });

  it('asks per bot, each bot with its own lexemes', () => {
    const twoBots = [
      lexeme('aa', ':for', null),
      lexeme('aa', ':order', null),
      lexeme('bb', ':for', 40_000),
      lexeme('bb', ':order', 3_000_000),
    ];
    expect(wordIndexQuery(twoBots)).toBe("('aa:for' & 'aa:order') | 'aa!' | ('bb:for') | 'bb!'");
  });

  it('gives up when even the rarest lexemes would let through too many messages', () => {
    const common = [lexeme('aa', '>or', 60_000), lexeme('bb', '>or', 60_000)];
    expect(wordIndexQuery(common)).toBeUndefined();
    expect(wordIndexQuery(common, { commonList: 500_000, mostCandidates: 120_000 })).toBe(
      "('aa>or') | 'aa!' | ('bb>or') | 'bb!'",
    );
  });

  it('quotes what a lexeme could hold', () => {
    expect(wordIndexQuery([{ botId: 'aa', lexeme: "aa:it's\\", unindexed: 'aa!', messages: null }])).toBe(
      "('aa:it\\'s\\\\') | 'aa!'",
    );
  });
});
