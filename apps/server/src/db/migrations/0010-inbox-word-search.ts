import { type Kysely, sql } from 'kysely';

/**
 * A word index of messages for the inbox search, beside the trigram one. The search stays what
 * it was (messages containing the typed text, any case, through ILIKE); the word index only finds
 * candidates first when the text is a phrase. Inside a phrase every word between two separators is
 * a whole word of the message, and the last one is the start of a word: a message without them
 * cannot contain the phrase. The trigram index cannot use that: the scan of its common trigrams
 * (`ord`, `der`, …) alone took 230 ms at 10 M messages, and it holds every company's messages.
 *
 * Lexemes are the bot's namespace (the first 8 hex digits of its id) and then `:word` for a word
 * (up to 100 bytes), so a search reads only its bot's lists (one bot's "order" is not everyone's).
 * A word starting with a digit also gets `>4`, `>45`, `>451` for its first one to three
 * characters: a phrase often ends in a number being typed ("order 4" must find "order 45"), and
 * that start is then one exact lexeme, never a prefix scan of the GIN index (which collects every
 * match in a bitmap, lossy once large, and then recomputes this function for every row of the
 * lossy pages). The start of a word of letters is not indexed: it is in too many messages to narrow
 * a search, and each lexeme is written with every message (all starts of every word cost a turn
 * 3 KB of write-ahead log, more than the trigram index; this, about 1 KB). Words are lower-cased
 * runs of letters and digits (`[[:alnum:]]`), cut as the search text's words are, so both sides
 * agree whatever the language. A message over 20 000 bytes (a long bot answer; visitors and agents
 * write at most 4 000 characters) gets only the lexeme `!`, which every search also asks for: a
 * tsvector holds at most 1 MB, and such messages are few.
 *
 * The functions call only built-in functions: an index expression runs under an empty search_path
 * when a dump is restored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function inbox_message_words(bot uuid, message text) returns tsvector
    language plpgsql immutable strict parallel safe as $$
    declare
      namespace text := left(bot::text, 8);
      word text;
      lexemes text[] := '{}';
    begin
      if octet_length(message) > 20000 then
        -- The same lexeme as inbox_unindexed_lexeme(bot).
        return array_to_tsvector(array[namespace || '!']);
      end if;
      -- One element at a time: PL/pgSQL appends those in place (an array || array copies both, so
      -- a long message would take quadratic time).
      foreach word in array regexp_split_to_array(lower(message), '[^[:alnum:]]+') loop
        continue when word = '';
        if octet_length(word) <= 100 then
          lexemes := lexemes || (namespace || ':' || word);
        end if;
        if ascii(word) between 48 and 57 then
          lexemes := lexemes || (namespace || '>' || left(word, 1));
          lexemes := lexemes || (namespace || '>' || left(word, 2));
          lexemes := lexemes || (namespace || '>' || left(word, 3));
        end if;
      end loop;
      return array_to_tsvector(lexemes);
    end $$`.execute(db);

  // The lexemes every message of the bot containing `search` holds: its whole words, and the start
  // of its last word if that is a number. None when the text is one word, or a word and the start
  // of a word of letters: the first word of the text may be the end of a longer one.
  await sql`
    create function inbox_search_lexemes(bot uuid, search text) returns text[]
    language plpgsql immutable strict parallel safe as $$
    declare
      namespace text := left(bot::text, 8);
      parts text[] := regexp_split_to_array(lower(search), '[^[:alnum:]]+');
      lexemes text[] := '{}';
    begin
      for i in 2 .. cardinality(parts) loop
        continue when parts[i] = '';
        if i < cardinality(parts) and octet_length(parts[i]) <= 100 then
          lexemes := lexemes || (namespace || ':' || parts[i]);
        elsif ascii(parts[i]) between 48 and 57 then
          lexemes := lexemes || (namespace || '>' || left(parts[i], 3));
        end if;
      end loop;
      return array(select distinct lexeme from unnest(lexemes) as lexeme order by lexeme);
    end $$`.execute(db);

  await sql`
    create function inbox_unindexed_lexeme(bot uuid) returns text
    language sql immutable strict parallel safe
    return left(bot::text, 8) || '!'`.execute(db);

  // Built in one pass over the existing messages (about 3 minutes for 10 M on two cores). Then
  // sampled at once (seconds): the search reads how common each lexeme is from these statistics,
  // which autovacuum would otherwise gather only after many more messages.
  await sql`create index conversation_messages_words_idx on conversation_messages
    using gin (inbox_message_words(bot_id, text))`.execute(db);
  await sql`analyze conversation_messages`.execute(db);
}
