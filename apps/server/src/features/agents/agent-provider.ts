import type { EngineServices } from '@parley/engine';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { AgentSettingsRow } from '../../db/tables/agent-admin.table';
import { AppError } from '../../errors';
import { guardedDispatcher, guardedRequest } from '../../integrations/http/guarded-http';
import { createOpenAiLlm } from '../../integrations/openai/openai-llm';

/** Where a company's provider key is sealed (see sealed-secrets.ts): it opens for that company only. */
export const providerKeyBinding = (companyId: string) => `agent-provider-key:company:${companyId}`;

const CHECK_TIMEOUT_MS = 10_000;
const MAX_MODELS = 200;
const modelsSchema = z.object({ data: z.array(z.object({ id: z.string().max(200) })) });

/** `https://api.example.com/v1/` → `https://api.example.com/v1` (paths are appended to it). */
export const normalBaseUrl = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/**
 * Checks a provider by listing its models (`GET {baseUrl}/models`, which costs nothing) through
 * the guarded client: a refused key is named, an unreachable or refused address is an upstream
 * failure. Answers the models it offers.
 */
export async function checkProvider(ctx: AppContext, baseUrl: string, apiKey: string): Promise<string[]> {
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    response = await guardedRequest(
      {
        method: 'GET',
        url: `${normalBaseUrl(baseUrl)}/models`,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
        timeoutMs: CHECK_TIMEOUT_MS,
      },
      ctx.outgoing,
    );
  } catch (error) {
    throw new AppError(
      'UpstreamException',
      `The model provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (response.status === 401 || response.status === 403)
    throw new AppError(
      'ModelKeyRejectedException',
      'The provider refused this API key: check it was copied whole and is active',
    );
  if (response.status >= 300)
    throw new AppError('UpstreamException', `The provider’s models endpoint answered ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  const models = modelsSchema.safeParse(body);
  if (!models.success)
    throw new AppError(
      'UpstreamException',
      'The provider’s models endpoint did not answer as an OpenAI-compatible API does',
    );
  return models.data.data.map((model) => model.id).slice(0, MAX_MODELS);
}

/** How long a company's client keeps the addresses it checked before it resolves them again. */
const CLIENT_TTL_MS = 5 * 60_000;
const MAX_CLIENTS = 500;
const clients = new Map<
  string,
  { version: string; expires: number; llm: EngineServices['llm']; close: () => Promise<void> }
>();

/**
 * The model an agent of this company calls: its own provider when it set one, else the server's.
 * A company's client is kept for a few minutes per settings version (a changed key or address is
 * used at once, on every server process, since the version is read with the settings).
 */
export async function companyLlm(
  ctx: AppContext,
  settings: AgentSettingsRow | undefined,
): Promise<EngineServices['llm'] | null> {
  if (!settings?.provider_base_url || !settings.provider_key) return null;
  const version = `${settings.provider_base_url} ${settings.updated_at.toISOString()}`;
  const cached = clients.get(settings.company_id);
  if (cached && cached.version === version && cached.expires > Date.now()) return cached.llm;
  const apiKey = ctx.secrets.open(settings.provider_key, providerKeyBinding(settings.company_id));
  const dispatcher = await guardedDispatcher(settings.provider_base_url, ctx.outgoing);
  const llm = createOpenAiLlm({
    apiKey,
    baseUrl: normalBaseUrl(settings.provider_base_url),
    defaultModel: settings.default_model || ctx.config.llm.defaultModel,
    timeoutMs: ctx.config.llm.timeoutMs,
    dispatcher,
  });
  // The replaced pool is closed once its calls end (a call in flight keeps its connection).
  void cached?.close().catch(() => {});
  if (!cached && clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value ?? '');
  clients.set(settings.company_id, {
    version,
    expires: Date.now() + CLIENT_TTL_MS,
    llm,
    close: () => dispatcher.close(),
  });
  return llm;
}
