import { type Kysely, sql } from 'kysely';
import type { DB } from '../apps/server/src/db/schema';

/**
 * The least any turn must write, as one statement with none of Parley's work: the conversation's
 * state (the text as a variable) and the visitor's and the bot's messages. It also ends a claim
 * (nothing to end for a turn that made none), so the webhook bench's floor stores with it too.
 */
export async function storeFloorTurn(db: Kysely<DB>, conversationId: string, text: string): Promise<void> {
  await sql`
    with c as (
      update conversations set state = jsonb_set(state, '{variables,said}', to_jsonb(${text}::text)),
        message_count = message_count + 2, updated_at = now(), pending_owner = null, pending_until = null
      where id = ${conversationId}::uuid returning id, company_id, bot_id, message_count
    )
    insert into conversation_messages (conversation_id, company_id, bot_id, seq, role, message, text)
    select c.id, c.company_id, c.bot_id, c.message_count - 1, 'user',
      jsonb_build_object('type', 'text', 'text', ${text}::text), ${text}::text from c
    union all
    select c.id, c.company_id, c.bot_id, c.message_count, 'bot',
      jsonb_build_object('type', 'text', 'text', ${text}::text), ${text}::text from c`.execute(db);
}
