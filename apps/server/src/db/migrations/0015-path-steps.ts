import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * A conversation's modules keep its returns. They were its first visits only, so the Paths report
 * left out a visit back to an earlier module (Welcome → Order → Welcome read Welcome → Order).
 * Now they are its steps in order, as many as paths and funnels need: every first visit (funnels
 * read those, in order) and the three steps after each (paths read the three steps after a
 * module's first visit). Staying on a module (it ran again, say to ask again) is not a step.
 * Keeping only those bounds a conversation's steps by four times the modules it visited, however
 * long it goes round a loop.
 *
 * What was rolled up is rebuilt from the event log; the rollup appends the rest as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function report_path_steps(steps text[], more text[]) returns text[]
    language plpgsql immutable as $$
      declare
        kept text[] := coalesce(steps, '{}');
        -- Where the latest first visit sits in kept, and the module the conversation was on last.
        newest integer := 0;
        previous text := kept[cardinality(kept)];
        module text;
      begin
        for i in 1 .. cardinality(kept) loop
          if array_position(kept, kept[i]) = i then newest := i; end if;
        end loop;
        foreach module in array coalesce(more, '{}') loop
          if module is null or module is not distinct from previous then continue; end if;
          previous := module;
          if not (module = any(kept)) then
            kept := kept || module;
            newest := cardinality(kept);
          elsif cardinality(kept) - newest < 3 then
            kept := kept || module;
          end if;
        end loop;
        return kept;
      end
    $$`.execute(db);
  await rebuildPathSteps(db);
  await sql`drop function report_first_visits(text[], text[])`.execute(db);
}

/** Rebuilds every rolled-up conversation's steps from its events, and the shapes made of them. */
export async function rebuildPathSteps(db: QueryExecutorProvider): Promise<void> {
  // Only the events rolled up so far: the rollup appends the later ones itself.
  await sql`
    with visits as (
      select log.conversation_id,
             array_agg(event.value->'dimensions'->>'Bot Module ID' order by log.id, event.position) as modules
      from conversation_event_log as log
      join report_conversations as r on r.conversation_id = log.conversation_id
      cross join lateral jsonb_array_elements(log.events) with ordinality as event(value, position)
      where log.xid < (select next_xid from report_rollup_state where source = 'conversations')
        and event.value->>'name' = 'Module Executed'
      group by log.conversation_id)
    update report_conversations as r set modules = report_path_steps('{}', visits.modules)
    from visits where r.conversation_id = visits.conversation_id`.execute(db);
  await sql`delete from report_conversation_shapes`.execute(db);
  await sql`
    insert into report_conversation_shapes (company_id, bot_id, day, length_bucket, modules, conversations)
    select company_id, bot_id, (started_at at time zone 'UTC')::date, report_length_bucket(user_messages),
           modules, count(*)
    from report_conversations
    group by 1, 2, 3, 4, 5`.execute(db);
}
