import { type AudienceCondition, type AudienceFilter, EVENT } from '@parley/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * Compiles an audience filter (a parsed `audienceFilterSchema` document) into one SQL condition
 * over `contacts k`. Every value the user typed goes in as a bound parameter; only the document's
 * closed set of fields and operators chooses the SQL around them.
 *
 * A contact matches a conversation condition when any of their conversations does; the negative
 * ones (goal not reached, never handed off, variable not set, last seen before) when none does.
 * What those conditions read is kept on the contact (migration 0046), so they read no
 * conversation: only a variable of a contact with several conversations that the one written last
 * does not match, and tags, look at the conversations.
 */
export function audienceCondition(filter: AudienceFilter): RawBuilder<boolean> {
  if (filter.conditions.length === 0) return sql<boolean>`true`;
  const parts = filter.conditions.map(conditionSql);
  return sql<boolean>`(${sql.join(parts, filter.match === 'all' ? sql` and ` : sql` or `)})`;
}

/** A conversation of the contact matching `where` (tags only: see the migration 0046's functions). */
const anyConversation = (where: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from conversations c where c.contact_id = k.id and ${where})`;

export type VariableCondition = Extract<AudienceCondition, { field: 'variable' }>;

/** `user.plan` → the JSON path `{user,plan}` in the variables. */
const variablePath = (name: string) => name.split('.');

function conditionSql(condition: AudienceCondition): RawBuilder<boolean> {
  switch (condition.field) {
    case 'bot':
      return sql<boolean>`k.bot_ids && ${condition.botIds}::uuid[]`;
    case 'channel':
      return sql<boolean>`k.channel = any(${condition.channels}::text[])`;
    case 'language':
      return sql<boolean>`k.languages && ${condition.languages}::text[]`;
    case 'country':
      return sql<boolean>`k.countries && ${condition.countries}::text[]`;
    case 'firstSeen':
      return condition.op === 'after'
        ? sql<boolean>`k.first_seen_at >= ${condition.at}::timestamptz`
        : sql<boolean>`k.first_seen_at < ${condition.at}::timestamptz`;
    case 'lastSeen':
      // A contact with no conversation left was last seen never: before any time.
      return condition.op === 'after'
        ? sql<boolean>`k.last_seen_at >= ${condition.at}::timestamptz`
        : sql<boolean>`(k.last_seen_at is null or k.last_seen_at < ${condition.at}::timestamptz)`;
    case 'variable':
      return variableSql(condition);
    case 'goal': {
      const goal = condition.moduleId
        ? sql`k.goals @> array[${condition.moduleId}::text]`
        : sql`cardinality(k.goals) > 0`;
      return condition.reached ? sql<boolean>`${goal}` : sql<boolean>`not ${goal}`;
    }
    case 'handoff':
      return condition.handedOff ? sql<boolean>`k.handed_off` : sql<boolean>`not k.handed_off`;
    case 'tag': {
      // The modules the bot's flow tags with this tag's name now, then any of them run.
      const tagged = sql`exists (
        select 1 from bots b
        cross join lateral jsonb_array_elements(b.draft_flow->'tags') as tag
        cross join lateral jsonb_array_elements(b.draft_flow->'modules') as module
        join conversation_events e on e.conversation_id = c.id and e.name = ${EVENT.ModuleExecuted}
          and e.dimensions->>'Bot Module ID' = module->>'id'
        where b.id = c.bot_id and lower(tag->>'name') = lower(${condition.tag})
          and module->'tags' ? (tag->>'id'))`;
      return condition.visited ? anyConversation(tagged) : sql<boolean>`not ${anyConversation(tagged)}`;
    }
  }
}

/** A variable condition's arguments to the SQL functions of migration 0046. */
function variableArgs(condition: VariableCondition) {
  const op = condition.op === 'isNotSet' ? 'isSet' : condition.op;
  // A number as JavaScript reads it (checkFilter refused any other), written as SQL reads one.
  const value = op === 'greaterThan' || op === 'lessThan' ? String(Number(condition.value)) : condition.value;
  return { op, value, args: sql`${variablePath(condition.name)}::text[], ${op}::text, ${value}::text` };
}

function variableSql(condition: VariableCondition): RawBuilder<boolean> {
  // The matching itself is SQL's parley_variable_matches (migration 0046). The contact's copy is
  // one conversation's variables: with more conversations, the others may match where it does not.
  const { args } = variableArgs(condition);
  const any = sql<boolean>`(parley_variable_matches(k.variables, ${args})
    or (k.conversations > 1 and parley_conversation_variable_matches(k.id, ${args})))`;
  return condition.op === 'isNotSet' ? sql<boolean>`not ${any}` : any;
}

/** Whether a condition is on a top-level variable: its typed rows (migration 0051) answer it. */
const isTyped = (condition: AudienceCondition): condition is VariableCondition =>
  condition.field === 'variable' && !condition.name.includes('.');

/**
 * Whether a condition's typed rows name every contact it may match: a typed one, but for "is not
 * set" (all but a few contacts may match it).
 */
const isBounding = (condition: AudienceCondition): condition is VariableCondition =>
  isTyped(condition) && condition.op !== 'isNotSet';

/** A condition on a top-level variable, as its typed rows answer it. */
function typedVariable(companyId: string, condition: VariableCondition) {
  const { op, value, args } = variableArgs(condition);
  const typed = {
    isSet: sql`v.text_value is not null`,
    equals: sql`v.text_value = lower(${value})`,
    contains: sql`strpos(v.text_value, lower(${value})) > 0`,
    greaterThan: sql`v.number_value > ${value}::numeric`,
    lessThan: sql`v.number_value < ${value}::numeric`,
  }[op];
  const variable = sql`v.company_id = ${companyId} and v.name = ${condition.name}`;
  return { condition, args, variable, typed };
}

/** A filter of one condition on a top-level variable, as its typed rows answer it. */
function typedVariableCondition(companyId: string, filter: AudienceFilter) {
  const [condition, ...others] = filter.conditions;
  return condition && others.length === 0 && isTyped(condition)
    ? typedVariable(companyId, condition)
    : undefined;
}

/** The company's contacts whose copy changed since their variables were typed. */
const staleContacts = (companyId: string) => sql`with stale as (
    select distinct s.contact_id as id from contact_variables_stale s where s.company_id = ${companyId})`;

/**
 * The contacts that may match a bounding condition, from its typed rows (a superset), as the
 * parts of a union: those whose typed variable matches, the stale ones, those whose value was too
 * long to type, and those with several conversations another of which matches. Reads `stale`.
 */
function candidateParts(companyId: string, condition: VariableCondition) {
  const { args, variable, typed } = typedVariable(companyId, condition);
  return [
    sql`select v.contact_id as id from contact_variables v where ${variable} and (${typed} or v.text_value is null)`,
    sql`select id from stale`,
    sql`select k.id from contacts k where k.company_id = ${companyId} and k.conversations > 1
      and parley_conversation_variable_matches(k.id, ${args})`,
  ];
}

/**
 * The conditions of a filter whose typed rows bound the contacts it may match: with "all", its
 * variable conditions (any one of them bounds it, the other conditions only narrow it further);
 * with "any", every condition, when each is such a one. Undefined when none can.
 */
export function boundingConditions(filter: AudienceFilter): VariableCondition[] | undefined {
  const bounding = filter.conditions.filter(isBounding);
  if (bounding.length === 0 || (filter.match === 'any' && bounding.length < filter.conditions.length))
    return undefined;
  return bounding;
}

/**
 * How many contacts a condition's candidates are, counted up to `atMost + 1` only (a few counted
 * twice: it decides whether looking them up beats reading every contact).
 */
export function candidateCount(companyId: string, condition: VariableCondition, atMost: number) {
  const parts = candidateParts(companyId, condition);
  return sql<{ n: number }>`${staleContacts(companyId)}
    select count(*)::int as n from (${sql.join(parts, sql` union all `)} limit ${atMost + 1}) candidate`;
}

/** The contacts that may match any of the bounding `conditions`: `audienceCondition` decides. */
export function candidatesOf(companyId: string, conditions: readonly VariableCondition[]) {
  const parts = conditions.flatMap((condition) => candidateParts(companyId, condition));
  return sql<{ id: string }>`${staleContacts(companyId)} ${sql.join(parts, sql` union `)}`;
}

/**
 * How many of the company's contacts a filter of one condition on a top-level variable matches,
 * read from the contacts' typed variables (migration 0051) instead of every contact's `jsonb`;
 * undefined for any other filter. The same contacts as `audienceCondition` matches:
 * - those whose typed variable matches (a btree range, or its entries for contains), less the
 *   stale ones (whose copy changed since it was typed), plus the stale ones whose copy matches;
 * - those whose value was too long to type (and are not stale) whose copy matches;
 * - those with several conversations whose copy does not match and another conversation does.
 * "Is not set" is everyone but those that are.
 */
export function variableCount(
  companyId: string,
  filter: AudienceFilter,
): RawBuilder<{ count: string }> | undefined {
  const typedCondition = typedVariableCondition(companyId, filter);
  if (!typedCondition) return undefined;
  const { condition, args, variable, typed } = typedCondition;
  const copyMatches = sql`parley_variable_matches(k.variables, ${args})`;
  const matching = sql`(select count(*) from contact_variables v where ${variable} and ${typed})
    - (select count(*) from stale join contact_variables v on v.contact_id = stale.id
       where ${variable} and ${typed})
    + (select count(*) from stale join contacts k on k.id = stale.id where ${copyMatches})
    + (select count(*) from contact_variables v join contacts k on k.id = v.contact_id
       where ${variable} and v.text_value is null and v.contact_id not in (select id from stale) and ${copyMatches})
    + (select count(*) from contacts k where k.company_id = ${companyId} and k.conversations > 1
       and not ${copyMatches} and parley_conversation_variable_matches(k.id, ${args}))`;
  const stale = staleContacts(companyId);
  return condition.op === 'isNotSet'
    ? sql`${stale} select (select count(*) from contacts k where k.company_id = ${companyId}) - (${matching}) as count`
    : sql`${stale} select ${matching} as count`;
}
