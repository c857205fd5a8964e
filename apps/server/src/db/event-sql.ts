import type { ConversationEventName } from '@parley/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * An event name of the catalogue (`EVENT` in contracts) as an SQL string literal. A literal, not a
 * parameter: the statement's text (and so its prepared plan) stays one, and the planner sees it.
 */
export const eventLiteral = (name: ConversationEventName): RawBuilder<string> => sql.lit(name);

/** Event names of the catalogue as a list of literals, for `name in (…)`. */
export const eventLiterals = (names: readonly ConversationEventName[]): RawBuilder<unknown> =>
  sql.join(names.map(eventLiteral));
