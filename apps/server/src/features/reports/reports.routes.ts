import {
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
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyScope } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import * as reports from './reports.service';

const tags = ['reports'];
const errors = errorResponses(400, 401, 403, 404);
const rangeNote =
  'Whole UTC days `from`–`to` (both included, at most 366); `compare=true` adds the period of the same length just before. Figures come from rollups of the recorded events, folded in at least every minute and whenever a report asks more than 10 s after the last time.';

/** Traffic, business and message reports, for a company and perhaps one bot. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/traffic',
    {
      config: { permission: 'reports:view', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'Page views, visitors, sessions, widget opens and conversations started (from the widget’s telemetry)',
        description: rangeNote,
        querystring: trafficQuerySchema,
        response: { 200: trafficReportSchema, ...errors },
      },
    },
    async (request) =>
      reports.trafficReport(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
  app.get(
    '/api/reports/insights/domains',
    {
      config: { permission: 'reports:view', staffAcrossCompanies: true },
      schema: {
        tags,
        summary: 'The domains the widget reported page views from in the last year, busiest first',
        querystring: domainsQuerySchema,
        response: { 200: domainInsightsSchema, ...errors },
      },
    },
    async (request) =>
      reports.domainInsights(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
  app.get(
    '/api/reports/business',
    {
      config: { permission: 'reports:view', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'KPIs (goal completion, chatbot open, handover and fallback rates) with their trend, the industry median, tips and revenue impact',
        description: rangeNote,
        querystring: reportQuerySchema,
        response: { 200: businessReportSchema, ...errors },
      },
    },
    async (request) =>
      reports.businessReport(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
  app.get(
    '/api/reports/messages',
    {
      config: { permission: 'reports:view', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'Message insights: volume by day and channel, top and unrecognized messages, low-confidence predictions, buttons, module visits, conversation lengths',
        description: rangeNote,
        querystring: reportQuerySchema,
        response: { 200: messageReportSchema, ...errors },
      },
    },
    async (request) =>
      reports.messageReport(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
  app.get(
    '/api/reports/funnel',
    {
      config: { permission: 'reports:view', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'How many conversations visited the chosen modules in order, and how many dropped off at each step',
        description: rangeNote,
        querystring: funnelQuerySchema,
        response: { 200: funnelReportSchema, ...errors },
      },
    },
    async (request) =>
      reports.funnelReport(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
  app.get(
    '/api/reports/paths',
    {
      config: { permission: 'reports:view', staffAcrossCompanies: true },
      schema: {
        tags,
        summary: 'Where conversations went after a module: the next modules they visited, most common first',
        description: rangeNote,
        querystring: pathsQuerySchema,
        response: { 200: pathsReportSchema, ...errors },
      },
    },
    async (request) =>
      reports.pathsReport(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
};
