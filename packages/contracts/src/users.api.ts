import { defineRoute } from './define-route';
import { frontendConfigSchema } from './frontend-config';
import { updateProfileRequestSchema } from './profile';
import { currentUserSchema } from './users';

/** The signed-in user's own account, and the settings the web app starts with. */
export const usersApi = {
  me: defineRoute({
    method: 'GET',
    path: '/api/frontend/user/me',
    tags: ['users'],
    summary: 'The signed-in user with their company and its sections',
    response: currentUserSchema,
    errors: [401, 404],
  }),
  updateProfile: defineRoute({
    method: 'PATCH',
    path: '/api/frontend/user/me',
    tags: ['users'],
    summary: 'Change the signed-in user’s own names',
    body: updateProfileRequestSchema,
    response: currentUserSchema,
    errors: [400, 401, 413],
  }),
  frontendConfig: defineRoute({
    method: 'GET',
    path: '/api/frontend/config',
    tags: ['frontend'],
    summary: 'Deployment settings the web app reads at start (links, agents API, telemetry)',
    response: frontendConfigSchema,
    errors: [],
  }),
};
