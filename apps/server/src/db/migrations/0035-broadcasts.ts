import { type Kysely, sql } from 'kysely';

/**
 * The opt-out words of a company that set none, and the longest a stop word may be (a migration
 * keeps its own copy: what it wrote must not change when the code does).
 */
const DEFAULT_STOP_WORDS = ['stop', 'unsubscribe', 'baja'];
const STOP_WORD_MAX_LENGTH = 40;

/**
 * Contacts, audiences and broadcasts (issue 27).
 *
 * A contact is a person a company's bots met on one channel: the page's user id when the page gave
 * one (so their conversations join up), otherwise the one conversation's visitor. A trigger files
 * each new conversation under its contact, so no turn code has to know about contacts, and the
 * contacts of conversations already stored are filled in here.
 *
 * Recipients are fixed when a broadcast starts; each is claimed (`state = 'sending'` with a lease)
 * and sent in the transaction that stores its message, so it is sent once whichever process or
 * retried job gets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table contacts (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    channel text not null,
    external_key text not null,
    first_seen_at timestamptz not null default now(),
    opted_out_at timestamptz,
    opt_out_reason text,
    unique (company_id, channel, external_key)
  )`.execute(db);

  await sql`alter table conversations add column contact_id uuid references contacts (id) on delete set null`.execute(
    db,
  );

  await sql`create function parley_file_contact() returns trigger language plpgsql as $$
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
  await sql`create trigger conversations_file_contact before insert on conversations
    for each row execute function parley_file_contact()`.execute(db);

  // The conversations already stored, under their contacts.
  await sql`insert into contacts (company_id, channel, external_key, first_seen_at)
    select company_id, channel, coalesce(nullif(user_info->>'id', ''), 'conversation:' || id::text), min(created_at)
    from conversations where channel <> 'tester'
    group by 1, 2, 3
    on conflict do nothing`.execute(db);
  await sql`update conversations c set contact_id = k.id from contacts k
    where c.channel <> 'tester' and k.company_id = c.company_id and k.channel = c.channel
      and k.external_key = coalesce(nullif(c.user_info->>'id', ''), 'conversation:' || c.id::text)`.execute(
    db,
  );
  await sql`create index conversations_contact_idx on conversations (contact_id, last_message_at desc) where contact_id is not null`.execute(
    db,
  );
  await sql`create index contacts_company_idx on contacts (company_id, first_seen_at desc)`.execute(db);

  await sql`create table audiences (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null,
    filter jsonb not null,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index audiences_company_idx on audiences (company_id, updated_at desc)`.execute(db);

  await sql`create table broadcast_settings (
    company_id uuid primary key references companies (id) on delete cascade,
    stop_words text[] not null
  )`.execute(db);

  await sql`create table broadcasts (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    audience_id uuid references audiences (id) on delete set null,
    name text not null,
    message jsonb not null,
    channels text[] not null,
    reply_module_id text,
    throttle_per_minute integer check (throttle_per_minute > 0),
    send_at timestamptz,
    time_zone text,
    goal_window_hours integer not null default 168,
    state text not null check (state in ('scheduled', 'sending', 'paused', 'cancelled', 'done')),
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz
  )`.execute(db);
  await sql`create index broadcasts_company_idx on broadcasts (company_id, created_at desc)`.execute(db);

  await sql`create table broadcast_recipients (
    broadcast_id uuid not null references broadcasts (id) on delete cascade,
    contact_id uuid not null references contacts (id) on delete cascade,
    company_id uuid not null,
    conversation_id uuid not null references conversations (id) on delete cascade,
    channel text not null,
    state text not null default 'queued'
      check (state in ('queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled')),
    reason text,
    claimed_until timestamptz,
    attempts integer not null default 0,
    message_seq integer,
    sent_at timestamptz,
    replied_at timestamptz,
    primary key (broadcast_id, contact_id)
  )`.execute(db);
  await sql`create index broadcast_recipients_due_idx on broadcast_recipients (broadcast_id, state)
    where state in ('queued', 'sending')`.execute(db);
  await sql`create index broadcast_recipients_conversation_idx on broadcast_recipients (conversation_id)
    where state = 'sent' and replied_at is null`.execute(db);

  // A visitor's message is a reply to the broadcasts sent into its conversation, and a stop word
  // opts its contact out. Noted by a trigger within the turn's own write: a statement of its own
  // after every turn would double what a turn costs the database.
  await sql`create function parley_note_visitor_message() returns trigger language plpgsql as $$
    begin
      update broadcast_recipients set replied_at = now()
      where conversation_id = new.conversation_id and state = 'sent' and replied_at is null;
      -- Stop words are short: a longer message needs no look at the company's list.
      if length(btrim(new.text)) <= ${sql.raw(String(STOP_WORD_MAX_LENGTH))}
        and lower(btrim(new.text)) = any(coalesce(
          (select s.stop_words from broadcast_settings s where s.company_id = new.company_id),
          ${sql.raw(`array[${DEFAULT_STOP_WORDS.map((word) => `'${word}'`).join(', ')}]`)}::text[]))
      then
        update contacts k set opted_out_at = now(), opt_out_reason = 'stop-word'
        from conversations c
        where c.id = new.conversation_id and k.id = c.contact_id and k.opted_out_at is null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger conversation_messages_note_visitor after insert on conversation_messages
    for each row when (new.role = 'user') execute function parley_note_visitor_message()`.execute(db);
}
