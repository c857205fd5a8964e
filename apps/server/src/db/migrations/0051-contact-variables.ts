import { type Kysely, sql } from 'kysely';

/**
 * The contacts' variables typed, one row per variable, for the audiences' variable conditions
 * (issue 27: a count over a million contacts in 200 ms). The contact's copy of its last written
 * conversation's variables (migration 0046) is `jsonb`: a count read it on every contact, a
 * parallel scan of the whole contacts table doing JSON work per row (220–280 ms at a million).
 * Here each top-level variable of that copy is a row of (company, name, lowered text, number), and
 * a count of one variable condition is a range of a btree read alone (see countContacts).
 *
 * - `text_value` is `lower(value #>> '{}')`, what equals and contains compare (a JSON text of any
 *   kind), and `number_value` is `parley_number_in(value)`, what greater and less than compare.
 *   A value whose text is longer than 200 characters keeps neither (a btree key is bounded): its
 *   row only says the variable is set, and a count asks the contact's copy for those few.
 * - A null value has no row (no condition but "is not set" matches it), nor does a name no
 *   condition can ask for (the filter's names: letters, digits and underscores, at most 64).
 *
 * Kept by triggers on the contacts, so every statement that writes the copy keeps the rows too:
 * a turn's write, the filing trigger, a refresh after deletions. Only a copy that changed costs
 * anything (the `when` of the update's trigger is checked without calling it), and only its
 * changed variables are written. A trigger, not the turn's statement: it runs after the contact's
 * row lock, so two turns of one contact at once diff against each other's committed rows.
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
  // The contacts with several conversations, whose others a variable condition also asks (a turn
  // never changes how many, so its update of the contact stays HOT).
  await sql`create index contacts_company_several_idx on contacts (company_id) where conversations > 1`.execute(
    db,
  );

  await sql`create function parley_contact_variable_rows(variables jsonb)
    returns table (name text, value jsonb, text_value text, number_value numeric)
    language sql immutable parallel safe as $$
      select e.key, e.value, t.text_value, case when t.text_value is not null then parley_number_in(e.value) end
      from jsonb_each(case when jsonb_typeof(variables) = 'object' then variables end) e
      cross join lateral (select lower(e.value #>> '{}') as whole) w
      cross join lateral (select case when char_length(w.whole) <= 200 then w.whole end as text_value) t
      where e.value <> 'null'::jsonb and e.key ~ '^[A-Za-z_][A-Za-z0-9_]{0,63}$'
    $$`.execute(db);
  await sql`insert into contact_variables (contact_id, name, company_id, text_value, number_value)
    select k.id, r.name, k.company_id, r.text_value, r.number_value
    from contacts k cross join lateral parley_contact_variable_rows(k.variables) r`.execute(db);

  // The copy's variables that changed (all of a new contact's), and those gone or now null: only
  // those are typed and written.
  await sql`create function parley_contact_variables_written() returns trigger language plpgsql as $$
    declare
      old_vars jsonb := case when tg_op = 'UPDATE' and jsonb_typeof(old.variables) = 'object' then old.variables end;
      new_vars jsonb := case when jsonb_typeof(new.variables) = 'object' then new.variables end;
    begin
      if old_vars is not null then
        delete from contact_variables v where v.contact_id = new.id and v.name = any(array(
          select o.key from jsonb_each(old_vars) o where coalesce(new_vars -> o.key, 'null'::jsonb) = 'null'::jsonb));
      end if;
      insert into contact_variables as v (contact_id, name, company_id, text_value, number_value)
      select new.id, r.name, new.company_id, r.text_value, r.number_value
      from jsonb_each(new_vars) e
      cross join lateral parley_contact_variable_rows(jsonb_build_object(e.key, e.value)) r
      where old_vars -> e.key is distinct from e.value
      on conflict (contact_id, name) do update set text_value = excluded.text_value, number_value = excluded.number_value;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_variables_inserted after insert on contacts
    for each row when (new.variables is not null) execute function parley_contact_variables_written()`.execute(
    db,
  );
  await sql`create trigger contacts_variables_updated after update of variables on contacts
    for each row when (old.variables is distinct from new.variables) execute function parley_contact_variables_written()`.execute(
    db,
  );
  // No foreign key (each row written would check and lock its contact): a contacts' deletion
  // takes their rows along in one statement, as it does their broadcasts' recipients (0046).
  await sql`create function parley_contacts_deleted_variables() returns trigger language plpgsql as $$
    begin
      delete from contact_variables v using gone where v.contact_id = gone.id;
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
  await sql`drop function parley_contact_variables_written()`.execute(db);
  await sql`drop function parley_contact_variable_rows(jsonb)`.execute(db);
  await sql`drop index contacts_company_several_idx`.execute(db);
  await sql`drop table contact_variables`.execute(db);
}
