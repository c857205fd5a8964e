import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { inboxDeepLink } from '../features/inbox/model/inbox-view';

const toInbox = ({ params }: LoaderFunctionArgs) => redirect(inboxDeepLink(params));

/** Addresses of the previous app that people have bookmarked; each lands on its v2 screen. */
export const legacyRoutes: RouteObject[] = [
  { path: 'profile/:id', loader: ({ params }) => redirect(`/v2/profile/${params.id ?? ''}`) },
  { path: 'inbox', loader: toInbox },
  { path: 'inbox/:companyId/:botId', loader: toInbox },
  { path: 'inbox/:companyId/:botId/:conversationId', loader: toInbox },
];
