import { templatesApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { routeFrom } from '../../plugins/contract-route';
import { renderPreview } from './preview';

/** The builder's Jinja editor preview (contracts: templatesApi). */
export const templatesRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    templatesApi.render,
    { config: { permission: 'bots:manage', fullCompanyOnly: true } },
    async (request) => ({
      output: renderPreview(request.body.template, request.body.variables),
    }),
  );
};
