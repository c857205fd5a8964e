import { type Kysely, sql } from 'kysely';

/**
 * The contacts' variables typed, one row per variable, for the audiences' variable conditions
 * (issue 27: a count over a million contacts in 200 ms). The contact's copy of its last written
 * conversation's variables (migration 0046) is `jsonb`: a count read it on every contact, a
 * parallel scan of the whole contacts table doing JSON work per row (220–280 ms at a million).
 * Here each top-level variable of that copy is a row of (company, name, lowered text, number), and
 * a count of one variable condition is a range of a btree read alone (see variableCount).
 *
 * - `text_value` is `lower(value #>> '{}')`, what equals and contains compare (a JSON text of any
 *   kind), and `number_value` is `parley_number_in(value)`, what greater and less than compare.
 *   A value whose text is longer than 200 characters keeps neither (a btree key is bounded): its
 *   row only says the variable is set, and a count asks the contact's copy for those few.
 * - A null value has no row (no condition but "is not set" matches it), nor does a name no
 *   condition can ask for (the filter's names: letters, digits and underscores, at most 64).
 *
 * Written behind the turns, not by them: writing the rows of a turn's changed variables with it
 * (a row and two or three index entries each) cost the turn's write 40–80 % more server CPU
 * (bench/turn-writes). So a statement that changes a contact's copy only adds the contact to
 * `contact_variables_stale` (one small row, no index), by a trigger that is not even called when
 * the copy did not change; a job folds those contacts into their typed rows once a minute, and
 * every ten seconds while it finds some (foldContactVariables), and a count answers the stale ones
 * from their copy. Either way a count
 * is exact: a contact is stale, or its rows are its copy's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table contact_variables (
    contact_id uuid not null,
    name text not null,
    company_id uuid not null,
    text_value text,
    number_value numeric,
    primary key (contact_id, name))`.execute(db);
  // A count of equals (or is set, or contains) reads this alone; its equal keys are deduplicated.
  await sql`create index contact_variables_text_idx on contact_variables (company_id, name, text_value)`.execute(
    db,
  );
  await sql`create index contact_variables_number_idx on contact_variables (company_id, name, number_value)
    where number_value is not null`.execute(db);
  // The values too long to type, asked of the contact's copy (usually none).
  await sql`create index contact_variables_long_idx on contact_variables (company_id, name)
    where text_value is null`.execute(db);
  // The contacts whose copy changed since the fold: appended by a turn, taken whole by the fold.
  await sql`create table contact_variables_stale (contact_id uuid not null, company_id uuid not null)`.execute(
    db,
  );
  // The contacts with several conversations, whose others a variable condition also asks. A turn
  // never changes how many, so its update of the contact stays HOT; a returning contact's new
  // conversation, which does, now writes the contact's index entries.
  await sql`create index contacts_company_several_idx on contacts (company_id) where conversations > 1`.execute(
    db,
  );

  await sql`create function parley_contact_variable_rows(variables jsonb)
    returns table (name text, text_value text, number_value numeric)
    language sql immutable parallel safe as $$
      select e.key, t.text_value, case when t.text_value is not null then parley_number_in(e.value) end
      from jsonb_each(case when jsonb_typeof(variables) = 'object' then variables end) e
      cross join lateral (select lower(e.value #>> '{}') as whole) w
      cross join lateral (select case when char_length(w.whole) <= 200 then w.whole end as text_value) t
      where e.value <> 'null'::jsonb and e.key ~ '^[A-Za-z_][A-Za-z0-9_]{0,63}$'
    $$`.execute(db);
  await sql`insert into contact_variables (contact_id, name, company_id, text_value, number_value)
    select k.id, r.name, k.company_id, r.text_value, r.number_value
    from contacts k cross join lateral parley_contact_variable_rows(k.variables) r`.execute(db);

  await sql`create function parley_contact_variables_changed() returns trigger language plpgsql as $$
    begin
      insert into contact_variables_stale (contact_id, company_id) values (new.id, new.company_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_variables_inserted after insert on contacts
    for each row when (new.variables is not null) execute function parley_contact_variables_changed()`.execute(
    db,
  );
  await sql`create trigger contacts_variables_updated after update of variables on contacts
    for each row when (old.variables is distinct from new.variables) execute function parley_contact_variables_changed()`.execute(
    db,
  );
  // No foreign key (each row written would check and lock its contact): a contacts' deletion
  // takes their rows along in one statement, as it does their broadcasts' recipients (0046).
  await sql`create function parley_contacts_deleted_variables() returns trigger language plpgsql as $$
    begin
      delete from contact_variables v using gone where v.contact_id = gone.id;
      delete from contact_variables_stale s using gone where s.contact_id = gone.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_deleted_drop_variables after delete on contacts
    referencing old table as gone for each statement execute function parley_contacts_deleted_variables()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger contacts_deleted_drop_variables on contacts`.execute(db);
  await sql`drop function parley_contacts_deleted_variables()`.execute(db);
  await sql`drop trigger contacts_variables_updated on contacts`.execute(db);
  await sql`drop trigger contacts_variables_inserted on contacts`.execute(db);
  await sql`drop function parley_contact_variables_changed()`.execute(db);
  await sql`drop function parley_contact_variable_rows(jsonb)`.execute(db);
  await sql`drop index contacts_company_several_idx`.execute(db);
  await sql`drop table contact_variables_stale`.execute(db);
  await sql`drop table contact_variables`.execute(db);
}
