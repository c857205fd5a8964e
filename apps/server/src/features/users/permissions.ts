import type { Permission, UserRole } from '@parley/contracts';

/** What each role may do; stored on the user so a company can later grant or take away one. */
export const permissionsByRole = {
  owner: ['bots:manage', 'bots:publish', 'inbox:use', 'reports:view', 'users:manage', 'company:manage'],
  admin: ['bots:manage', 'bots:publish', 'inbox:use', 'reports:view', 'users:manage', 'company:manage'],
  builder: ['bots:manage', 'inbox:use', 'reports:view'],
  agent: ['inbox:use'],
} as const satisfies Record<UserRole, readonly Permission[]>;

export function permissionsFor(role: UserRole): Permission[] {
  return [...permissionsByRole[role]];
}
