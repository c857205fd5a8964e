import { botDetailSchema, saveFlowResponseSchema } from '@parley/contracts';
import type { Flow } from '@parley/flow';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/request';

export const builderKeys = {
  bot: (id: string) => ['builder', 'bot', id] as const,
};

/** The bot with its draft, as the builder opens it. */
export const builderBotQuery = (id: string) =>
  queryOptions({
    queryKey: builderKeys.bot(id),
    queryFn: ({ signal }) => http.get(`/api/bots/${id}`, { schema: botDetailSchema, signal }),
    // The builder holds the document itself once open; a reload is asked for explicitly.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** Saves the draft over the revision it was edited from (409 ConflictException otherwise). */
export const saveDraft = (botId: string, flow: Flow, baseRevision: number) =>
  http.put(`/api/bots/${botId}/flow`, { body: { flow, baseRevision }, schema: saveFlowResponseSchema });
