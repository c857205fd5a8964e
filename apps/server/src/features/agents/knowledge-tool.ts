import type { AgentKnowledgeSource } from '@parley/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { retrieveRows } from '../knowledge/knowledge-search';
import { sourcesToChoose } from '../knowledge/source-choice';
import { type AgentToolRunner, zodTool } from './agent-runner';

/** How many passages the tool answers, and how much of each (the model's context is not free). */
const PASSAGES = 5;
const PASSAGE_CHARS = 1_200;

/**
 * The knowledge sources of the company's bots, by bot then name, each with whether it can be
 * searched (for choosing an agent's; a failed one is shown, not offered).
 */
export async function listKnowledgeSources(
  db: Queryable,
  companyId: string,
): Promise<{ sources: AgentKnowledgeSource[] }> {
  return { sources: await sourcesToChoose(db, companyId) };
}

/** The bots the chosen sources belong to (sources of other companies are left out). */
async function botsOfSources(db: Queryable, companyId: string, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .selectFrom('knowledge_sources')
    .select(['id', 'bot_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', sourceIds)
    .execute();
  const byBot = new Map<string, string[]>();
  for (const row of rows) byBot.set(row.bot_id, [...(byBot.get(row.bot_id) ?? []), row.id]);
  return byBot;
}

/**
 * `search_knowledge`: full-text retrieval over the agent's chosen sources, or, with none chosen,
 * over the knowledge of the bot the conversation is with. Short queries, no connection kept.
 */
export function knowledgeTool(
  db: Queryable,
  scope: { companyId: string; sourceIds: readonly string[]; botId: string | null },
): AgentToolRunner {
  return zodTool(
    'search_knowledge',
    'Search the knowledge base (datasets and documents) for passages that answer a question.',
    z.strictObject({ query: z.string().trim().min(1).max(500) }),
    async ({ query }) => {
      const byBot = await botsOfSources(db, scope.companyId, scope.sourceIds);
      if (byBot.size === 0 && scope.sourceIds.length === 0 && scope.botId) byBot.set(scope.botId, []);
      if (byBot.size === 0)
        return {
          ok: false,
          error: { name: 'NoKnowledge', message: 'This agent has no knowledge sources to search' },
        };
      const found = [];
      for (const [botId, sourceIds] of byBot)
        found.push(
          ...(await retrieveRows(db, scope.companyId, botId, {
            query,
            limit: PASSAGES,
            sourceIds: sourceIds.length > 0 ? sourceIds : null,
          })),
        );
      const passages = found
        .sort((a, b) => b.score - a.score)
        .slice(0, PASSAGES)
        .map((row) => {
          // A dataset's row is its cells (column: value); a document's chunk its text.
          const text =
            row.text ?? row.columnOrder.map((column) => `${column}: ${row.cells[column] ?? ''}`).join('; ');
          return {
            source: row.sourceName,
            ...(row.heading ? { heading: row.heading } : {}),
            ...(row.kind === 'row' ? { row: row.rowNumber } : {}),
            text: text.length > PASSAGE_CHARS ? `${text.slice(0, PASSAGE_CHARS)}…` : text,
            score: row.score,
          };
        });
      return { ok: true, result: { passages } };
    },
  );
}
