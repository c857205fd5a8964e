import { type Kysely, type RawBuilder, sql } from 'kysely';

/** The event a goal module logs (a migration keeps its own copy of what it wrote). */
const GOAL_REACHED = 'Goal Reached';

/**
 * What an audience's conditions read, kept on the contact (issue 27's counts over a million
 * contacts). Before this, a condition on conversations (language, country, last seen, goal,
 * handoff, bot, variables) was an `exists` over each contact's conversations, and for goals over
 * their event log: a join with every conversation of the company, seconds at a million. Now a
 * count or a broadcast's recipients read the contacts alone. Each fact is what "any of the
 * contact's conversations" means for its condition:
 * - `conversations`: how many; `last_seen_at`: the latest `last_message_at`;
 * - `bot_ids`, `languages`, `countries`: the distinct values of their conversations;
 * - `goals`: the module ids of the goals any of them reached ('' for a goal with none);
 * - `handed_off`: any of them was ever handed to an agent;
 * - `variables`: the variables of the conversation written last. A contact with one conversation
 *   (most web chat visitors) is answered from it; one with more is answered from it and, when it
 *   does not match, from its other conversations, so no older value is lost.
 *
 * Kept by the statements that write conversations: the filing trigger (a new conversation), a
 * turn's write, a broadcast's message, a language change. A deletion of conversations (a bot's,
 * a deployment's) refreshes their contacts from what is left, by a statement trigger.
 *
 * No index on these: every turn rewrites its contact's `last_seen_at` and `variables`, and with no
 * index on what changes the update stays on its page (HOT, hence the fillfactor) and costs no
 * index writes. A count reads the company's contacts once, with no join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contacts
    add column conversations integer not null default 0,
    add column last_seen_at timestamptz,
    add column bot_ids uuid[] not null default '{}',
    add column languages text[] not null default '{}',
    add column countries text[] not null default '{}',
    add column goals text[] not null default '{}',
    add column handed_off boolean not null default false,
    add column variables jsonb`.execute(db);
  await sql`alter table contacts set (fillfactor = 85)`.execute(db);
  // Counts of everyone, by channel or by first seen read this index alone (a channel never changes,
  // so a turn's update of its contact still writes no index).
  await sql`create index contacts_company_seen_idx on contacts (company_id, first_seen_at desc) include (channel)`.execute(
    db,
  );
  await sql`drop index contacts_company_idx`.execute(db);

  // From the contacts' conversations: all of them at once (here), or some (after a deletion).
  await sql`create function parley_refresh_contacts(ids uuid[]) returns void language sql as $$
    ${refreshContacts(sql`k.id = any(ids)`, sql`c.contact_id = any(ids)`)}
  $$`.execute(db);
  await refreshContacts(sql`true`, sql`c.contact_id is not null`).execute(db);

  await sql`create function parley_conversations_deleted() returns trigger language plpgsql as $$
    begin
      perform parley_refresh_contacts(array(select distinct contact_id from gone where contact_id is not null));
      delete from broadcast_recipients r using gone where r.conversation_id = gone.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger conversations_deleted_refresh_contacts after delete on conversations
    referencing old table as gone for each statement execute function parley_conversations_deleted()`.execute(
    db,
  );

  // A broadcast's recipients lose their foreign keys to contacts and conversations: fixing 100 000
  // recipients checked (and key-share locked) 200 000 rows one by one, 12 of the 23 s it took at a
  // million contacts. They are read in the statement that inserts them; their deletion still
  // takes the recipients along, by these statement triggers (one delete for all the rows gone).
  await sql`alter table broadcast_recipients drop constraint broadcast_recipients_contact_id_fkey,
    drop constraint broadcast_recipients_conversation_id_fkey`.execute(db);
  await sql`create function parley_contacts_deleted() returns trigger language plpgsql as $$
    begin
      delete from broadcast_recipients r using gone where r.contact_id = gone.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_deleted_drop_recipients after delete on contacts
    referencing old table as gone for each statement execute function parley_contacts_deleted()`.execute(db);

  // A JSON number, or a number stored as text ("42"); anything else is none. (A JSON number's
  // text always has the pattern's form: the pattern only runs for the others.)
  await sql`create function parley_number_in(value jsonb) returns numeric language sql immutable parallel safe as $$
      select case when jsonb_typeof(value) = 'number' then value::numeric
        when (value #>> '{}') ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then (value #>> '{}')::numeric end
    $$`.execute(db);
  // An audience's variable condition on one conversation's variables (a contact's copy, or one of
  // its conversations'): \`isSet\` (its caller negates it for "is not set"), \`equals\` and
  // \`contains\` (text, any case), \`greaterThan\` and \`lessThan\` (numbers, also when stored as
  // text). Inlined where it is called, so the operation folds away.
  await sql`create function parley_variable_matches(variables jsonb, path text[], op text, value text)
    returns boolean language sql immutable parallel safe as $$
      select case op
        when 'isSet' then coalesce((variables #> path) <> 'null'::jsonb, false)
        when 'equals' then coalesce(lower(variables #>> path) = lower(value), false)
        when 'contains' then coalesce(strpos(lower(variables #>> path), lower(value)) > 0, false)
        when 'greaterThan' then coalesce(parley_number_in(variables #> path) > value::numeric, false)
        when 'lessThan' then coalesce(parley_number_in(variables #> path) < value::numeric, false)
        else false end
    $$`.execute(db);
  // Any of a contact's conversations matches: for a contact with several, when its copy (the
  // conversation written last) does not. A function, not a subquery, so a count over a million
  // contacts still runs in parallel workers; its cost is told low as it runs for those few only.
  await sql`create function parley_conversation_variable_matches(contact uuid, path text[], op text, value text)
    returns boolean language sql stable parallel safe cost 1 as $$
      select exists (select 1 from conversations c
        where c.contact_id = contact and parley_variable_matches(c.state->'variables', path, op, value))
    $$`.execute(db);

  // The distinct union of two small arrays (a contact's few languages, bots, goals).
  await sql`create function parley_array_add(anycompatiblearray, anycompatiblearray) returns anycompatiblearray
    language sql immutable as $$
      select case when $2 <@ $1 then $1 else array(select distinct x from unnest($1 || $2) x order by x) end
    $$`.execute(db);
  // A new conversation files under its contact (as in 0035) and adds what it knows to it, in the
  // one upsert (it locks the contact for the moment two conversations of one person start at once).
  await sql`create or replace function parley_file_contact() returns trigger language plpgsql as $$
    declare
      key text := coalesce(nullif(new.user_info->>'id', ''), 'conversation:' || new.id::text);
    begin
      if new.channel = 'tester' then return new; end if;
      insert into contacts as k (company_id, channel, external_key, first_seen_at, conversations, last_seen_at,
        bot_ids, languages, countries, handed_off, variables)
      values (new.company_id, new.channel, key, coalesce(new.created_at, now()), 1, new.last_message_at,
        array[new.bot_id], array_remove(array[new.language], null), array_remove(array[new.country], null),
        new.has_handoff, new.state->'variables')
      on conflict (company_id, channel, external_key) do update set
        conversations = k.conversations + 1,
        last_seen_at = greatest(k.last_seen_at, excluded.last_seen_at),
        bot_ids = parley_array_add(k.bot_ids, excluded.bot_ids),
        languages = parley_array_add(k.languages, excluded.languages),
        countries = parley_array_add(k.countries, excluded.countries),
        handed_off = k.handed_off or excluded.handed_off,
        variables = excluded.variables
      returning id into new.contact_id;
      return new;
    end $$`.execute(db);
}

/** Sets the facts of the contacts `contacts` picks from their conversations that `conversations` picks. */
function refreshContacts(contacts: RawBuilder<unknown>, conversations: RawBuilder<unknown>) {
  return sql`
    update contacts k set
      conversations = coalesce(a.conversations, 0),
      last_seen_at = a.last_seen_at,
      bot_ids = coalesce(a.bot_ids, '{}'),
      languages = coalesce(a.languages, '{}'),
      countries = coalesce(a.countries, '{}'),
      goals = coalesce(g.goals, '{}'),
      handed_off = coalesce(a.handed_off, false),
      variables = a.variables
    from contacts x
    left join (
      select c.contact_id, count(*)::int as conversations, max(c.last_message_at) as last_seen_at,
        array_agg(distinct c.bot_id order by c.bot_id) as bot_ids,
        coalesce(array_agg(distinct c.language order by c.language) filter (where c.language is not null), '{}') as languages,
        coalesce(array_agg(distinct c.country order by c.country) filter (where c.country is not null), '{}') as countries,
        bool_or(c.has_handoff) as handed_off,
        (array_agg(c.state->'variables' order by c.updated_at desc))[1] as variables
      from conversations c where ${conversations}
      group by c.contact_id) a on a.contact_id = x.id
    left join (
      select c.contact_id,
        array_agg(distinct coalesce(e.value->'dimensions'->>'Bot Module ID', '') order by coalesce(e.value->'dimensions'->>'Bot Module ID', '')) as goals
      from conversations c
      join conversation_event_log l on l.conversation_id = c.id
      cross join lateral jsonb_array_elements(l.events) e
      where ${conversations} and e.value->>'name' = ${sql.lit(GOAL_REACHED)}
      group by c.contact_id) g on g.contact_id = x.id
    where x.id = k.id and ${contacts}`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function parley_conversation_variable_matches(uuid, text[], text, text)`.execute(db);
  await sql`drop function parley_variable_matches(jsonb, text[], text, text)`.execute(db);
  await sql`drop function parley_number_in(jsonb)`.execute(db);
  await sql`drop trigger contacts_deleted_drop_recipients on contacts`.execute(db);
  await sql`drop function parley_contacts_deleted()`.execute(db);
  await sql`delete from broadcast_recipients r where not exists (select 1 from contacts k where k.id = r.contact_id)
    or not exists (select 1 from conversations c where c.id = r.conversation_id)`.execute(db);
  await sql`alter table broadcast_recipients
    add constraint broadcast_recipients_contact_id_fkey foreign key (contact_id) references contacts (id) on delete cascade,
    add constraint broadcast_recipients_conversation_id_fkey foreign key (conversation_id) references conversations (id) on delete cascade`.execute(
    db,
  );
  await sql`drop trigger conversations_deleted_refresh_contacts on conversations`.execute(db);
  await sql`drop function parley_conversations_deleted()`.execute(db);
  await sql`drop function parley_refresh_contacts(uuid[])`.execute(db);
  await sql`create or replace function parley_file_contact() returns trigger language plpgsql as $$
    declare
      key text := coalesce(nullif(new.user_info->>'id', ''), 'conversation:' || new.id::text);
      found uuid;
    begin
      if new.channel = 'tester' then return new; end if;
      insert into contacts (company_id, channel, external_key, first_seen_at)
      values (new.company_id, new.channel, key, coalesce(new.created_at, now()))
      on conflict (company_id, channel, external_key) do nothing
      returning id into found;
      if found is null then
        select id into found from contacts
        where company_id = new.company_id and channel = new.channel and external_key = key;
      end if;
      new.contact_id := found;
      return new;
    end $$`.execute(db);
  await sql`drop function parley_array_add(anycompatiblearray, anycompatiblearray)`.execute(db);
  await sql`create index contacts_company_idx on contacts (company_id, first_seen_at desc)`.execute(db);
  await sql`drop index contacts_company_seen_idx`.execute(db);
  await sql`alter table contacts reset (fillfactor)`.execute(db);
  await sql`alter table contacts drop column conversations, drop column last_seen_at, drop column bot_ids,
    drop column languages, drop column countries, drop column goals, drop column handed_off,
    drop column variables`.execute(db);
}
