import { Tab, Tabs } from '@mui/material';
import type { Permission } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { currentUserQuery } from '../../../shared/session/current-user';

/** The agents area's screens: dashboard, the agents, prompts, tools, settings and admin. */
const allTabs: {
  to: string;
  key: 'dashboard' | 'manage' | 'prompts' | 'tools' | 'settings' | 'admin';
  permission: Permission;
}[] = [
  { to: '/v2/agents', key: 'dashboard', permission: 'bots:view' },
  { to: '/v2/agents/manage', key: 'manage', permission: 'bots:view' },
  { to: '/v2/agents/prompts', key: 'prompts', permission: 'bots:view' },
  { to: '/v2/agents/tools', key: 'tools', permission: 'bots:view' },
  { to: '/v2/agents/settings', key: 'settings', permission: 'company:manage' },
  { to: '/v2/agents/admin', key: 'admin', permission: 'company:manage' },
];

export function AgentsTabs() {
  const { t } = useTranslation('agents');
  const { pathname } = useLocation();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const tabs = allTabs.filter((tab) => user.permissions.includes(tab.permission));
  // The dashboard is the area's root: only its own path selects it.
  const current =
    tabs.find((tab) => (tab.key === 'dashboard' ? pathname === tab.to : pathname.startsWith(tab.to)))?.to ??
    false;
  return (
    <Tabs value={current} aria-label={t('tabs.label')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={t(`tabs.${tab.key}`)} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}
