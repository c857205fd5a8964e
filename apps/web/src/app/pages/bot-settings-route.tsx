import { useSuspenseQuery } from '@tanstack/react-query';
import { LiteSettingsPage } from '../../features/lite/components/lite-settings-page';
import { BotSettingsPage } from '../../features/webchat/components/bot-settings-page';
import { currentUserQuery, isLite } from '../../shared/session/current-user';

/** `/v2/lite/bots/{botId}/settings` (and `/styling`): lite settings for a Lite company, else the full ones. */
export function BotSettingsRoute() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return isLite(user) ? <LiteSettingsPage /> : <BotSettingsPage />;
}
