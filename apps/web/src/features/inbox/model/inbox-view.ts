import { type InboxStatus, inboxStatusSchema } from '@parley/contracts';
import { dayParam, idParam } from '../../../shared/api/url-params';
import type { InboxListFilters } from '../api/inbox-api';

/** Everything the inbox shows, as its address keeps it (so links and reloads restore it). */
export interface InboxView {
  companyId?: string;
  botId?: string;
  conversationId?: string;
  status?: InboxStatus;
  channel?: string;
  /** Days, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  hasHandoff?: boolean;
  hasFallback?: boolean;
  q?: string;
  user?: string;
}

/** `/v2/inbox` keeps company, bot and conversation in its query (spec §2). */
export function inboxDeepLink(params: {
  companyId?: string;
  botId?: string;
  conversationId?: string;
}): string {
  const query = new URLSearchParams();
  if (params.companyId) query.set('companyId', params.companyId);
  if (params.botId) query.set('botId', params.botId);
  if (params.conversationId) query.set('conversationId', params.conversationId);
  const search = query.toString();
  return search ? `/v2/inbox?${search}` : '/v2/inbox';
}

const textParam = (value: string | null) => value?.trim().slice(0, 200) || undefined;

/** Reads the address; what is not valid is left out rather than sent to the server. */
export function readInboxView(search: URLSearchParams): InboxView {
  const status = inboxStatusSchema.safeParse(search.get('status'));
  const view: InboxView = {
    companyId: idParam(search.get('companyId')),
    botId: idParam(search.get('botId')),
    conversationId: idParam(search.get('conversationId')),
    status: status.success ? status.data : undefined,
    channel: textParam(search.get('channel'))?.slice(0, 40),
    from: dayParam(search.get('from')),
    to: dayParam(search.get('to')),
    hasHandoff: search.get('hasHandoff') === 'true' || undefined,
    hasFallback: search.get('hasFallback') === 'true' || undefined,
    q: textParam(search.get('q')),
    user: textParam(search.get('user')),
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as InboxView;
}

const ORDER: (keyof InboxView)[] = [
  'companyId',
  'botId',
  'conversationId',
  'status',
  'channel',
  'from',
  'to',
  'hasHandoff',
  'hasFallback',
  'q',
  'user',
];

export function writeInboxView(view: InboxView): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ORDER) {
    const value = view[key];
    if (value !== undefined && value !== '' && value !== false) search.set(key, String(value));
  }
  return search;
}

/** The days as the start of the first and the end of the last, in the person's time zone. */
export function listFilters(view: InboxView): InboxListFilters {
  return {
    companyId: view.companyId,
    botId: view.botId,
    status: view.status,
    channel: view.channel,
    from: view.from && new Date(`${view.from}T00:00:00`).toISOString(),
    to: view.to && new Date(`${view.to}T23:59:59.999`).toISOString(),
    hasHandoff: view.hasHandoff ? 'true' : undefined,
    hasFallback: view.hasFallback ? 'true' : undefined,
    q: view.q,
    user: view.user,
  };
}

/** How many of the filters (beyond company and bot) are on. */
export function activeFilterCount(view: InboxView): number {
  return [
    view.status,
    view.channel,
    view.from ?? view.to,
    view.hasHandoff,
    view.hasFallback,
    view.q,
    view.user,
  ].filter(Boolean).length;
}

/** The company and bot last picked, so the inbox opens where the person left it. */
const CONTEXT_KEY = 'parley.inbox.context';

export function rememberContext(view: Pick<InboxView, 'companyId' | 'botId'>): void {
  try {
    localStorage.setItem(CONTEXT_KEY, JSON.stringify({ companyId: view.companyId, botId: view.botId }));
  } catch {
    // Storage may be full or blocked; the address still holds the context.
  }
}

/**
 * Forgets the remembered company and bot if they are those an address names whose page could not be
 * shown (a bot that is gone, a company the person may not see), so the next page opens on a good one.
 */
export function forgetContextOf(search: URLSearchParams): void {
  const named = { companyId: idParam(search.get('companyId')), botId: idParam(search.get('botId')) };
  if (!named.companyId && !named.botId) return;
  const saved = rememberedContext();
  if (saved.companyId !== named.companyId || saved.botId !== named.botId) return;
  try {
    localStorage.removeItem(CONTEXT_KEY);
  } catch {
    // Storage may be blocked; nothing was remembered then either.
  }
}

export function rememberedContext(): Pick<InboxView, 'companyId' | 'botId'> {
  try {
    const saved = JSON.parse(localStorage.getItem(CONTEXT_KEY) ?? '{}') as Record<string, unknown>;
    return {
      companyId: typeof saved.companyId === 'string' ? idParam(saved.companyId) : undefined,
      botId: typeof saved.botId === 'string' ? idParam(saved.botId) : undefined,
    };
  } catch {
    return {};
  }
}
