import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { inboxDeepLink } from '../features/inbox/model/inbox-view';

const toInbox = ({ params }: LoaderFunctionArgs) => redirect(inboxDeepLink(params));
/** The old report screens, with their query (company, bot, range) carried over. */
const toReport =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${path}${new URL(request.url).search}`);

/** Addresses of the previous app that people have bookmarked; each lands on its v2 screen. */
export const legacyRoutes: RouteObject[] = [
  { path: 'profile/:id', loader: ({ params }) => redirect(`/v2/profile/${params.id ?? ''}`) },
  { path: 'inbox', loader: toInbox },
  { path: 'inbox/:companyId/:botId', loader: toInbox },
  { path: 'inbox/:companyId/:botId/:conversationId', loader: toInbox },
  { path: 'reports', loader: toReport('/v2/reports') },
  { path: 'reports/kpi', loader: toReport('/v2/reports/business') },
  { path: 'reports/messages', loader: toReport('/v2/reports/messages') },
];
