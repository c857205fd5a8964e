import { type AudienceCondition, type AudienceFilter, EVENT } from '@parley/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * Compiles an audience filter (a parsed `audienceFilterSchema` document) into one SQL condition
 * over `contacts k`. Every value the user typed goes in as a bound parameter; only the document's
 * closed set of fields and operators chooses the SQL around them.
 *
 * A contact matches a conversation condition when any of their conversations does; the negative
 * ones (goal not reached, never handed off, variable not set, last seen before) when none does.
 */
export function audienceCondition(filter: AudienceFilter): RawBuilder<boolean> {
  if (filter.conditions.length === 0) return sql<boolean>`true`;
  const parts = filter.conditions.map(conditionSql);
  return sql<boolean>`(${sql.join(parts, filter.match === 'all' ? sql` and ` : sql` or `)})`;
}

/** A conversation of the contact matching `where`. */
const anyConversation = (where: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from conversations c where c.contact_id = k.id and ${where})`;
const noConversation = (where: RawBuilder<unknown>) => sql<boolean>`not ${anyConversation(where)}`;

/** `user.plan` → the JSON path `{variables,user,plan}` in the conversation's state. */
const variablePath = (name: string) => ['variables', ...name.split('.')];

function conditionSql(condition: AudienceCondition): RawBuilder<boolean> {
  switch (condition.field) {
    case 'bot':
      return anyConversation(sql`c.bot_id = any(${condition.botIds}::uuid[])`);
    case 'channel':
      return sql<boolean>`k.channel = any(${condition.channels}::text[])`;
    case 'language':
      return anyConversation(sql`c.language = any(${condition.languages}::text[])`);
    case 'country':
      return anyConversation(sql`c.country = any(${condition.countries}::text[])`);
    case 'firstSeen':
      return condition.op === 'after'
        ? sql<boolean>`k.first_seen_at >= ${condition.at}::timestamptz`
        : sql<boolean>`k.first_seen_at < ${condition.at}::timestamptz`;
    case 'lastSeen': {
      const seenSince = sql`c.last_message_at >= ${condition.at}::timestamptz`;
      return condition.op === 'after' ? anyConversation(seenSince) : noConversation(seenSince);
    }
    case 'variable':
      return variableSql(condition);
    case 'goal': {
      const goal = sql`exists (select 1 from conversation_events e
        where e.conversation_id = c.id and e.name = ${EVENT.GoalReached}
        ${condition.moduleId ? sql`and e.dimensions->>'Bot Module ID' = ${condition.moduleId}` : sql``})`;
      return condition.reached ? anyConversation(goal) : noConversation(goal);
    }
    case 'handoff':
      return condition.handedOff ? anyConversation(sql`c.has_handoff`) : noConversation(sql`c.has_handoff`);
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
      return condition.visited ? anyConversation(tagged) : noConversation(tagged);
    }
  }
}

function variableSql(condition: Extract<AudienceCondition, { field: 'variable' }>): RawBuilder<boolean> {
  const path = variablePath(condition.name);
  const json = sql`(c.state #> ${path}::text[])`;
  const text = sql`(c.state #>> ${path}::text[])`;
  const isSet = sql`${json} is not null and ${json} <> 'null'::jsonb`;
  // Numbers stored as text ("42") compare as numbers too; anything else never matches.
  const numeric = sql`case when ${text} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then (${text})::numeric end`;
  switch (condition.op) {
    case 'isSet':
      return anyConversation(isSet);
    case 'isNotSet':
      return noConversation(isSet);
    case 'equals':
      return anyConversation(sql`lower(${text}) = lower(${condition.value})`);
    case 'contains':
      return anyConversation(sql`strpos(lower(${text}), lower(${condition.value})) > 0`);
    case 'greaterThan':
      return anyConversation(sql`${numeric} > ${Number(condition.value)}::numeric`);
    case 'lessThan':
      return anyConversation(sql`${numeric} < ${Number(condition.value)}::numeric`);
  }
}
