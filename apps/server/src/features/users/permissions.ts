import type { Permission, UserRole } from '@parley/contracts';

const building = ['bots:view', 'bots:manage', 'inbox:use', 'reports:view'] as const;
const running = [...building, 'bots:publish', 'users:manage', 'company:manage'] as const;

/** What each role may do; stored on the user so a company can later grant or take away one. */
export const permissionsByRole = {
  owner: running,
  admin: running,
  builder: building,
  agent: ['inbox:use'],
  analyst: ['reports:view'],
  viewer: ['bots:view', 'reports:view'],
} as const satisfies Record<UserRole, readonly Permission[]>;

export function permissionsFor(role: UserRole): Permission[] {
  return [...permissionsByRole[role]];
}
