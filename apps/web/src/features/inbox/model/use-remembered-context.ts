import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery } from '../../../shared/session/current-user';
import { type InboxView, rememberContext, rememberedContext } from './inbox-view';

type Context = Pick<InboxView, 'companyId' | 'botId'>;

/**
 * The company and bot picked last, shared by the inbox and the reports: a page opened without them
 * in its address restores them (`restore`), and each choice is remembered.
 */
export function useRememberedContext(chosen: Context, restore: (saved: Context) => void): void {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const staff = user.company.company_type === 'Internal';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page opens
  useEffect(() => {
    if (chosen.companyId || chosen.botId) return;
    const saved = rememberedContext();
    const allowed = staff || !saved.companyId || saved.companyId === user.company.id;
    if (allowed && (saved.companyId || saved.botId)) restore(saved);
  }, []);
  useEffect(() => {
    if (chosen.companyId || chosen.botId)
      rememberContext({ companyId: chosen.companyId, botId: chosen.botId });
  }, [chosen.companyId, chosen.botId]);
}
