import { defineRoute, type ErrorStatus } from './define-route';
import {
  broadcastReportSchema,
  businessReportSchema,
  domainInsightsSchema,
  domainsQuerySchema,
  funnelQuerySchema,
  funnelReportSchema,
  messageReportSchema,
  pathsQuerySchema,
  pathsReportSchema,
  reportQuerySchema,
  trafficQuerySchema,
  trafficReportSchema,
} from './reports';

const tags = ['reports'];
const errors: ErrorStatus[] = [400, 401, 403, 404];
const rangeNote =
  'Whole UTC days `from`–`to` (both included, at most 366); `compare=true` adds the period of the same length just before. Figures come from rollups of the recorded events, folded in at least every minute and whenever a report asks more than 10 s after the last time.';

/** Traffic, business and message reports, for a company and perhaps one bot. */
export const reportsApi = {
  traffic: defineRoute({
    method: 'GET',
    path: '/api/reports/traffic',
    tags,
    summary:
      'Page views, visitors, sessions, widget opens and conversations started (from the widget’s telemetry)',
    description: rangeNote,
    query: trafficQuerySchema,
    response: trafficReportSchema,
    errors,
  }),
  domains: defineRoute({
    method: 'GET',
    path: '/api/reports/insights/domains',
    tags,
    summary: 'The domains the widget reported page views from in the last year, busiest first',
    query: domainsQuerySchema,
    response: domainInsightsSchema,
    errors,
  }),
  business: defineRoute({
    method: 'GET',
    path: '/api/reports/business',
    tags,
    summary:
      'KPIs (goal completion, chatbot open, handover and fallback rates) with their trend, the industry median, tips and revenue impact',
    description: rangeNote,
    query: reportQuerySchema,
    response: businessReportSchema,
    errors,
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/reports/messages',
    tags,
    summary:
      'Message insights: volume by day and channel, top and unrecognized messages, low-confidence predictions, buttons, module visits, conversation lengths',
    description: rangeNote,
    query: reportQuerySchema,
    response: messageReportSchema,
    errors,
  }),
  funnel: defineRoute({
    method: 'GET',
    path: '/api/reports/funnel',
    tags,
    summary:
      'How many conversations visited the chosen modules in order, and how many dropped off at each step',
    description: rangeNote,
    query: funnelQuerySchema,
    response: funnelReportSchema,
    errors,
  }),
  paths: defineRoute({
    method: 'GET',
    path: '/api/reports/paths',
    tags,
    summary: 'Where conversations went after a module: the next modules they visited, most common first',
    description: rangeNote,
    query: pathsQuerySchema,
    response: pathsReportSchema,
    errors,
  }),
  broadcasts: defineRoute({
    method: 'GET',
    path: '/api/reports/broadcasts',
    tags,
    summary:
      'Broadcasts that began sending in the period: recipients, sent, delivered, read, failed, replied and goal completions within each one’s window',
    description:
      'Whole UTC days `from`–`to` by when each broadcast began sending; `compare=true` adds the totals of the period just before. Figures are counted live, as on the broadcast’s own results.',
    query: reportQuerySchema,
    response: broadcastReportSchema,
    errors,
  }),
};
