import type { ConversationPlace } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { conversationPlaceQuery } from '../api/inbox-api';
import type { InboxView } from './inbox-view';

type Context = Pick<InboxView, 'companyId' | 'botId'>;

/** The selectors' company and bot for a conversation's place (the own company is left implicit). */
export function contextOf(place: ConversationPlace, ownCompanyId: string): Context {
  return { companyId: place.companyId === ownCompanyId ? undefined : place.companyId, botId: place.botId };
}

/** Whether the view already shows the conversation's company and bot. */
export function showsPlace(view: Context, place: ConversationPlace, ownCompanyId: string): boolean {
  return (view.companyId ?? ownCompanyId) === place.companyId && view.botId === place.botId;
}

/**
 * A conversation named by the address (a link from another page or person, a bookmark, a reload)
 * opens in its own company and bot: the selectors follow it, and the page remembers them. One
 * picked from the list already belongs to what the selectors show, so it is not looked up.
 * `placing`: the link's place is not known yet, or the address does not show it yet.
 */
export function useConversationLink(
  view: InboxView,
  ownCompanyId: string,
  follow: (context: Context) => void,
): { placing: boolean; picked: (conversationId: string) => void } {
  const settled = useRef(new Set<string>());
  const id = view.conversationId;
  const linked = id !== undefined && !settled.current.has(id) ? id : undefined;
  const place = useQuery({ ...conversationPlaceQuery(linked ?? ''), enabled: linked !== undefined });
  const found = linked !== undefined ? place.data : undefined;
  const elsewhere = found !== undefined && !showsPlace(view, found, ownCompanyId);

  useEffect(() => {
    if (linked === undefined || place.isPending) return;
    // Followed once: after that the person may pick another bot and keep the conversation open.
    settled.current.add(linked);
    if (found && elsewhere) follow(contextOf(found, ownCompanyId));
  }, [linked, place.isPending, found, elsewhere, follow, ownCompanyId]);

  const picked = useCallback((conversationId: string) => settled.current.add(conversationId), []);
  return { placing: linked !== undefined && (place.isPending || elsewhere), picked };
}
