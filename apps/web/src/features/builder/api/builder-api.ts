import {
  aiApi,
  botsApi,
  type ChatMessage,
  chatApi,
  debuggerApi,
  nluApi,
  type PromptTestRequest,
  publishingApi,
  routeUrl,
  type SendMessageRequest,
  type TemplateVariables,
  templatesApi,
} from '@parley/contracts';
import type { Flow } from '@parley/flow';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';
import { botKeys } from '../../bots/api/bots';

export const builderKeys = {
  bot: (id: string) => ['builder', 'bot', id] as const,
  moduleFailures: (id: string) => ['builder', 'module-failures', id] as const,
};

/** The bot with its draft as the server has it now. */
export const fetchDraft = (id: string, signal?: AbortSignal) =>
  callRoute(botsApi.get, { params: { id }, signal });

/** The bot with its draft, as the builder opens it. */
export const builderBotQuery = (id: string) =>
  queryOptions({
    queryKey: builderKeys.bot(id),
    queryFn: ({ signal }) => fetchDraft(id, signal),
    // The builder holds the document itself once open; a reload is asked for explicitly.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

/** Saves the draft over the revision it was edited from (409 ConflictException otherwise). */
export const saveDraft = (botId: string, flow: Flow, baseRevision: number) =>
  callRoute(publishingApi.saveDraft, { params: { id: botId }, body: { flow, baseRevision } });

/** Renders a template with sample values (the Jinja editor's preview); TemplateException on errors. */
export const renderTemplate = (template: string, variables: TemplateVariables, signal?: AbortSignal) =>
  callRoute(templatesApi.render, { body: { template, variables }, signal });

/**
 * Modules whose templates failed in conversations since the last publish: looked at again every
 * few minutes and after each debugger turn (which may fail one).
 */
export const moduleFailuresQuery = (botId: string) =>
  queryOptions({
    queryKey: builderKeys.moduleFailures(botId),
    queryFn: ({ signal }) => callRoute(debuggerApi.moduleFailures, { params: { id: botId }, signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    meta: { silent: true },
  });

/** Makes a published version the draft again (the builder then reloads it). */
export function useRestoreVersion(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      callRoute(publishingApi.restoreVersion, { params: { id: botId, version } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
    meta: { silent: true },
  });
}

/** Starts a debugged conversation with the draft (at the start module, or at `startModuleId`). */
export const startDebugConversation = (botId: string, startModuleId?: string) =>
  callRoute(debuggerApi.start, { params: { id: botId }, body: startModuleId ? { startModuleId } : {} });

/** A message in a debugged conversation: answers the replies and the steps the bot took. */
export const sendDebugMessage = (botId: string, conversationId: string, body: SendMessageRequest) =>
  callRoute(debuggerApi.sendMessage, { params: { id: botId, conversationId }, body });

/** Tries an LLM module's prompts, with sample values, against the server's model provider. */
export const testPrompt = (botId: string, body: PromptTestRequest) =>
  callRoute(aiApi.testPrompt, { params: { id: botId }, body });

/** What the model of the saved draft's intents predicts for a message (the Intents panel's try-it box). */
export const predictIntent = (botId: string, text: string, signal?: AbortSignal) =>
  callRoute(nluApi.predict, { params: { id: botId }, body: { text }, signal });

/**
 * Follows a debugged conversation's later messages (delays, streamed answers) on its public events
 * stream, after `afterSeq`; answers how to stop.
 */
export function followConversation(
  conversation: { id: string; token: string },
  afterSeq: number,
  onMessage: (message: ChatMessage) => void,
): () => void {
  const { events } = chatApi;
  const source = new EventSource(
    routeUrl(events, {
      params: { id: conversation.id },
      query: { token: conversation.token, after: afterSeq },
    }),
  );
  source.onmessage = (event: MessageEvent<string>) =>
    onMessage(events.events.message.parse(JSON.parse(event.data)));
  return () => source.close();
}
