import { type LoaderFunction, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { inboxDeepLink } from '../features/inbox/model/inbox-view';

const toInbox = ({ params }: LoaderFunctionArgs) => redirect(inboxDeepLink(params));
/** The old report screens, with their query (company, bot, range) carried over. */
const toReport =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${path}${new URL(request.url).search}`);

/**
 * A route that only sends the person elsewhere. Its loader always redirects, so it renders
 * nothing: `element: null` says so (a leaf route with no element makes React Router warn in the
 * console that the page would be empty).
 */
export const redirectRoute = (path: string, loader: LoaderFunction): RouteObject => ({
  path,
  loader,
  element: null,
});

/** Addresses of the previous app that people have bookmarked; each lands on its v2 screen. */
export const legacyRoutes: RouteObject[] = [
  redirectRoute('profile/:id', ({ params }) => redirect(`/v2/profile/${params.id ?? ''}`)),
  redirectRoute('inbox', toInbox),
  redirectRoute('inbox/:companyId/:botId', toInbox),
  redirectRoute('inbox/:companyId/:botId/:conversationId', toInbox),
  redirectRoute('reports', toReport('/v2/reports')),
  redirectRoute('reports/kpi', toReport('/v2/reports/business')),
  redirectRoute('reports/messages', toReport('/v2/reports/messages')),
];
