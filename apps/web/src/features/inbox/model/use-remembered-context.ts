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
  // Only Parley staff look at other companies: anyone else's address naming one is refused, not kept.
  const allowed = (companyId: string | undefined) => staff || !companyId || companyId === user.company.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page opens
  useEffect(() => {
    if (chosen.companyId || chosen.botId) return;
    const saved = rememberedContext();
    if (allowed(saved.companyId) && (saved.companyId || saved.botId)) restore(saved);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `allowed` follows the signed-in person
  useEffect(() => {
    if ((chosen.companyId || chosen.botId) && allowed(chosen.companyId))
      rememberContext({ companyId: chosen.companyId, botId: chosen.botId });
  }, [chosen.companyId, chosen.botId]);
}
