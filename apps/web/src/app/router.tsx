import type { Permission } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../shared/api/api-error';
import { configureRequests } from '../shared/api/request';
import { readAuthRecord } from '../shared/auth/auth-record';
import { readPendingTwoFactor } from '../shared/auth/pending-two-factor';
import { frontendConfigQuery } from '../shared/config/frontend-config';
import { currentUserQuery, ForbiddenRouteError, isLite, landingPath } from '../shared/session/current-user';
import { loginPath, safeNext, signOut } from '../shared/session/sign-out';
import { createTracker } from '../shared/telemetry/tracker';
import { getTracker, setTracker } from '../shared/telemetry/tracker-instance';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { ErrorScreen, RouteErrorScreen } from './errors/error-screen';
import { RouterFallback } from './errors/router-fallback';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { RootFrame } from './layouts/root-frame';
import { legacyRoutes, redirectRoute } from './legacy-routes';

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/**
 * Every screen of the app. Pages load on demand (`lazy`); the layouts show the one loading
 * screen meanwhile. Signed-in pages sit under AppLayout, whose loader checks the session.
 */
export function createRouter(queryClient: QueryClient) {
  let router: ReturnType<typeof createBrowserRouter> | undefined;

  async function loadDeployment() {
    const config = await queryClient.ensureQueryData(frontendConfigQuery);
    configureRequests({
      agentsApiBaseUrl: config.agentsApiBaseUrl,
      onSignedOut: () => {
        signOut(queryClient);
        const here = `${window.location.pathname}${window.location.search}`;
        void router?.navigate(loginPath(here), { replace: true });
      },
    });
    if (!getTracker().enabled) setTracker(createTracker(config));
    return null;
  }

  async function requireSession({ request }: LoaderFunctionArgs) {
    if (!readAuthRecord()) throw redirect(loginPath(pathOf(request)));
    try {
      getTracker().identify(await queryClient.ensureQueryData(currentUserQuery));
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw redirect(loginPath(pathOf(request)));
      throw error;
    }
    return null;
  }

  /** The signed-in user for a page's loader; undefined when the session check (requireSession) decides. */
  async function signedInUser() {
    if (!readAuthRecord()) return undefined;
    return queryClient.ensureQueryData(currentUserQuery).catch(() => undefined);
  }

  /**
   * The permission a page needs, declared on its route: a person whose role lacks it gets the
   * unauthorized screen (the server refuses its calls anyway; this spares a page of refusals).
   */
  const needs = (permission: Permission) => async () => {
    const user = await signedInUser();
    if (user && !user.permissions.includes(permission)) throw new ForbiddenRouteError(permission);
    return null;
  };

  /**
   * Pages a Lite company does not have (the canvas, agents, the webhook marketplace): the
   * unauthorized screen, as the server refuses their calls (403 lite-company).
   */
  const fullCompany = (permission: Permission) => async () => {
    const user = await signedInUser();
    if (user && isLite(user)) throw new ForbiddenRouteError('full-company');
    return needs(permission)();
  };

  /** Home is the bots: a role without them lands where it works (an agent: the inbox; Lite: the lite home). */
  async function home() {
    const user = await signedInUser();
    if (user && (!user.permissions.includes('bots:view') || isLite(user))) throw redirect(landingPath(user));
    return null;
  }

  /** Sign-in screens are for signed-out people; a signed-in one goes where they were headed. */
  function onlySignedOut({ request }: LoaderFunctionArgs) {
    if (readAuthRecord()) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
    return null;
  }

  function requirePendingTwoFactor() {
    if (readAuthRecord()) throw redirect('/v2');
    if (!readPendingTwoFactor()) throw redirect('/v2/login');
    return null;
  }

  router = createBrowserRouter([
    {
      id: 'root',
      loader: loadDeployment,
      element: <RootFrame />,
      errorElement: <RouterFallback />,
      hydrateFallbackElement: <LoadingScreen fullScreen />,
      children: [
        // Only redirects (see redirectRoute).
        { index: true, loader: () => redirect('/v2'), element: null },
        {
          path: 'v2',
          children: [
            {
              element: <AuthLayout />,
              errorElement: <RouteErrorScreen />,
              children: [
                {
                  path: 'login',
                  loader: onlySignedOut,
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/login-page')).LoginPage,
                  }),
                },
                {
                  path: 'register',
                  loader: onlySignedOut,
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/register-page')).RegisterPage,
                  }),
                },
                {
                  path: 'register/confirm',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/register-confirm-page'))
                      .RegisterConfirmPage,
                  }),
                },
                {
                  path: 'invitation',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/invitation-page')).InvitationPage,
                  }),
                },
                {
                  path: 'password-reset',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/password-reset-page'))
                      .PasswordResetPage,
                  }),
                },
                {
                  path: 'unsubscribe',
                  lazy: async () => ({
                    Component: (await import('../features/broadcasts/components/unsubscribe-page'))
                      .UnsubscribePage,
                  }),
                },
                {
                  path: 'recover',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/recover-page')).RecoverPage,
                  }),
                },
                {
                  path: '2fa-qr-token-register',
                  loader: requirePendingTwoFactor,
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/two-factor-register-page'))
                      .TwoFactorRegisterPage,
                  }),
                },
              ],
            },
            {
              path: 'lite/bots/:deploymentId/tester',
              loader: async (args) => (await requireSession(args)) ?? (await needs('bots:view')()),
              errorElement: <RouteErrorScreen />,
              lazy: async () => ({
                Component: (await import('../features/webchat/components/tester-page')).TesterPage,
              }),
            },
            {
              element: <AppLayout />,
              loader: requireSession,
              errorElement: <RouteErrorScreen />,
              children: [
                {
                  errorElement: <RouteErrorScreen />,
                  children: [
                    {
                      index: true,
                      loader: home,
                      lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }),
                    },
                    {
                      path: 'inbox',
                      loader: needs('inbox:use'),
                      lazy: async () => ({
                        Component: (await import('../features/inbox/components/inbox-page')).InboxPage,
                      }),
                    },
                    {
                      path: 'reports',
                      loader: needs('reports:view'),
                      lazy: async () => ({
                        Component: (await import('../features/reports/components/reports-layout'))
                          .ReportsLayout,
                      }),
                      children: [
                        {
                          index: true,
                          lazy: async () => ({
                            Component: (await import('../features/reports/components/traffic-report'))
                              .TrafficReportPage,
                          }),
                        },
                        {
                          path: 'business',
                          lazy: async () => ({
                            Component: (await import('../features/reports/components/business-report'))
                              .BusinessReportPage,
                          }),
                        },
                        {
                          path: 'messages',
                          lazy: async () => ({
                            Component: (await import('../features/reports/components/message-report'))
                              .MessageReportPage,
                          }),
                        },
                        { path: '*', element: <ErrorScreen kind="not-found" /> },
                      ],
                    },
                    {
                      path: 'changelog',
                      lazy: async () => ({
                        Component: (await import('../features/changelog/components/changelog-page'))
                          .ChangelogPage,
                      }),
                    },
                    {
                      path: 'profile/:id',
                      lazy: async () => ({
                        Component: (await import('../features/profile/components/profile-page')).ProfilePage,
                      }),
                    },
                    {
                      path: 'company/settings',
                      lazy: async () => ({
                        Component: (await import('../features/company/components/company-settings-page'))
                          .CompanySettingsPage,
                      }),
                    },
                    {
                      // Parley staff only: the server refuses others, whom the unauthorized screen meets.
                      path: 'dev-mailbox',
                      lazy: async () => ({
                        Component: (await import('../features/dev-mailbox/components/dev-mailbox-page'))
                          .DevMailboxPage,
                      }),
                    },
                    {
                      path: 'webhook/marketplace',
                      loader: fullCompany('bots:manage'),
                      lazy: async () => ({
                        Component: (await import('../features/webhooks/components/marketplace-page'))
                          .MarketplacePage,
                      }),
                    },
                    {
                      path: 'agents',
                      loader: fullCompany('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/agents-dashboard-page'))
                          .AgentsDashboardPage,
                      }),
                    },
                    {
                      path: 'agents/settings',
                      loader: fullCompany('company:manage'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/agents-settings-page'))
                          .AgentsSettingsPage,
                      }),
                    },
                    {
                      path: 'agents/manage',
                      loader: fullCompany('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/agents-page')).AgentsPage,
                      }),
                    },
                    {
                      path: 'agents/manage/:agentId',
                      loader: fullCompany('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/agent-detail-page'))
                          .AgentDetailPage,
                      }),
                    },
                    {
                      path: 'agents/tools',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/tools-page')).ToolsPage,
                      }),
                    },
                    {
                      path: 'agents/prompts',
                      loader: fullCompany('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/prompts-page')).PromptsPage,
                      }),
                    },
                    {
                      path: 'agents/admin',
                      loader: fullCompany('company:manage'),
                      lazy: async () => ({
                        Component: (await import('../features/agents/components/agents-admin-page'))
                          .AgentsAdminPage,
                      }),
                    },
                    {
                      path: 'conversational-web-sdk',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/sdk-docs/components/sdk-docs-page'))
                          .SdkDocsPage,
                      }),
                    },
                    {
                      path: 'lite',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/lite/components/lite-home-page')).LiteHomePage,
                      }),
                    },
                    {
                      path: 'lite/bot-form-creation',
                      loader: needs('bots:manage'),
                      lazy: async () => ({
                        Component: (await import('../features/lite/components/bot-form-page')).BotFormPage,
                      }),
                    },
                    {
                      // A Lite company gets lite settings; a full company keeps its settings here.
                      path: 'lite/bots/:botId/settings',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('./pages/bot-settings-route')).BotSettingsRoute,
                      }),
                    },
                    {
                      path: 'lite/bots/:botId/settings/styling',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('./pages/bot-settings-route')).BotSettingsRoute,
                      }),
                    },
                    {
                      path: 'lite/bots/:botId/settings/messaging',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/webchat/components/bot-settings-page'))
                          .BotSettingsPage,
                      }),
                    },
                    {
                      path: 'lite/bots/:botId/settings/messenger',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/webchat/components/bot-settings-page'))
                          .BotSettingsPage,
                      }),
                    },
                    {
                      path: 'lite/bots/:botId/settings/languages',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/webchat/components/bot-settings-page'))
                          .BotSettingsPage,
                      }),
                    },
                    // The Languages tab was called Translation until 0.17 (links to it still work).
                    redirectRoute('lite/bots/:botId/settings/translation', ({ params }) =>
                      redirect(`/v2/lite/bots/${params.botId ?? ''}/settings/languages`),
                    ),
                    {
                      path: 'lite/bots/:botId/settings/translations',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/webchat/components/bot-settings-page'))
                          .BotSettingsPage,
                      }),
                    },
                    {
                      path: 'lite/bots/:botId/settings/knowledge',
                      loader: needs('bots:view'),
                      lazy: async () => ({
                        Component: (await import('../features/webchat/components/bot-settings-page'))
                          .BotSettingsPage,
                      }),
                    },
                    {
                      path: 'lite/bots/:botId/settings/generative',
                      lazy: async () => ({
                        Component: (await import('../features/webchat/components/bot-settings-page'))
                          .BotSettingsPage,
                      }),
                    },
                    {
                      path: 'sections/:sectionId',
                      lazy: async () => ({
                        Component: (await import('../features/sections/components/section-page')).SectionPage,
                      }),
                    },
                    { path: '*', element: <ErrorScreen kind="not-found" /> },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: 'bots/list/:botId',
          loader: async (args) => (await requireSession(args)) ?? (await fullCompany('bots:view')()),
          errorElement: <RouteErrorScreen />,
          lazy: async () => ({
            Component: (await import('../features/builder/components/builder-page')).BuilderPage,
          }),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('../features/builder/components/builder-page')).CanvasView,
              }),
            },
            {
              path: 'module/:moduleId/settings',
              lazy: async () => ({
                Component: (await import('../features/builder/components/builder-page')).ModuleSettingsView,
              }),
            },
            { path: '*', element: <ErrorScreen kind="not-found" /> },
          ],
        },
        {
          // The previous app's bot list: the same home.
          path: 'bots/list',
          element: <AppLayout />,
          loader: requireSession,
          errorElement: <RouteErrorScreen />,
          children: [
            {
              index: true,
              loader: home,
              lazy: async () => ({ Component: (await import('./pages/home-page')).HomePage }),
            },
            { path: '*', element: <ErrorScreen kind="not-found" /> },
          ],
        },
        {
          // The previous app's webhook screens, served as they were: the company's webhooks,
          // installing a template, editing one; and the delivery log beside them.
          path: 'webhook',
          element: <AppLayout />,
          loader: requireSession,
          errorElement: <RouteErrorScreen />,
          children: [
            {
              loader: fullCompany('bots:manage'),
              errorElement: <RouteErrorScreen />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/webhooks/components/instances-page')).InstancesPage,
                  }),
                },
                {
                  path: 'create/instance/:templateId',
                  lazy: async () => ({
                    Component: (await import('../features/webhooks/components/create-instance-page'))
                      .CreateInstancePage,
                  }),
                },
                {
                  path: 'deliveries',
                  lazy: async () => ({
                    Component: (await import('../features/webhooks/components/deliveries-page'))
                      .DeliveriesPage,
                  }),
                },
                {
                  path: 'deliveries/:deliveryId',
                  lazy: async () => ({
                    Component: (await import('../features/webhooks/components/delivery-page')).DeliveryPage,
                  }),
                },
                {
                  path: 'edit/template/:templateId',
                  lazy: async () => ({
                    Component: (await import('../features/webhooks/components/template-editor-page'))
                      .TemplateEditorPage,
                  }),
                },
                { path: '*', element: <ErrorScreen kind="not-found" /> },
              ],
            },
          ],
        },
        {
          // The previous app's audiences (saved filters over contacts) and broadcasts, where they were.
          element: <AppLayout />,
          loader: requireSession,
          errorElement: <RouteErrorScreen />,
          children: [
            {
              loader: needs('bots:manage'),
              errorElement: <RouteErrorScreen />,
              children: [
                {
                  path: 'filters/list',
                  lazy: async () => ({
                    Component: (await import('../features/audiences/components/audiences-page'))
                      .AudiencesPage,
                  }),
                },
                {
                  path: 'broadcast',
                  lazy: async () => ({
                    Component: (await import('../features/broadcasts/components/broadcasts-page'))
                      .BroadcastsPage,
                  }),
                },
              ],
            },
          ],
        },
        ...legacyRoutes,
        redirectRoute('*', () => redirect('/v2/not-found')),
      ],
    },
  ]);
  return router;
}
