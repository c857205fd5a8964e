import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';

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

const toInbox = ({ params }: LoaderFunctionArgs) => redirect(inboxDeepLink(params));

/** Addresses of the previous app that people have bookmarked; each lands on its v2 screen. */
export const legacyRoutes: RouteObject[] = [
  { path: 'profile/:id', loader: ({ params }) => redirect(`/v2/profile/${params.id ?? ''}`) },
  { path: 'inbox', loader: toInbox },
  { path: 'inbox/:companyId/:botId', loader: toInbox },
  { path: 'inbox/:companyId/:botId/:conversationId', loader: toInbox },
];
