import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import BusinessRounded from '@mui/icons-material/BusinessRounded';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CampaignRounded from '@mui/icons-material/CampaignRounded';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import ForumRounded from '@mui/icons-material/ForumRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HomeRounded from '@mui/icons-material/HomeRounded';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import IntegrationInstructionsOutlined from '@mui/icons-material/IntegrationInstructionsOutlined';
import IntegrationInstructionsRounded from '@mui/icons-material/IntegrationInstructionsRounded';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import NewReleasesRounded from '@mui/icons-material/NewReleasesRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import SmartToyRounded from '@mui/icons-material/SmartToyRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import WebhookRounded from '@mui/icons-material/WebhookRounded';
import {
  Box,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
} from '@mui/material';
import type { Permission, Section } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { currentUserQuery, isLite } from '../../../shared/session/current-user';
import { SectionIcon } from './section-icon';

/** Sections grouped by their column, in the order the server gives them. */
export function groupByColumn(sections: Section[]): [string, Section[]][] {
  const groups = new Map<string, Section[]>();
  for (const section of sections)
    groups.set(section.column, [...(groups.get(section.column) ?? []), section]);
  return [...groups.entries()];
}

function NavItem({
  to,
  label,
  icon,
  selected,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  selected: boolean;
  onNavigate: () => void;
}) {
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={selected}
      onClick={onNavigate}
      sx={{ borderRadius: 2, mx: 1 }}
    >
      <ListItemIcon sx={{ minWidth: 38 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { fontWeight: selected ? 650 : 500 } }} />
    </ListItemButton>
  );
}

/** The side navigation: home, the company's sections by column, then status and support links. */
export function AppNavigation({ sections, onNavigate }: { sections: Section[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: config } = useSuspenseQuery(frontendConfigQuery);
  // The navigation may be drawn twice (the drawer and the side bar): ids of its own.
  const columnIds = useId();
  const home =
    pathname === '/v2' || pathname === '/v2/' || pathname === '/bots/list' || pathname.startsWith('/v2/lite');
  const inbox = pathname === '/v2/inbox';
  const reports = pathname.startsWith('/v2/reports');
  const changelog = pathname === '/v2/changelog';
  const sdk = pathname === '/v2/conversational-web-sdk';
  const company = pathname === '/v2/company/settings';
  const webhooks = pathname.startsWith('/v2/webhook') || pathname.startsWith('/webhook');
  const agents = pathname.startsWith('/v2/agents');
  const audiences = pathname === '/filters/list';
  const broadcasts = pathname === '/broadcast';
  const devMailbox = pathname === '/v2/dev-mailbox';
  const { data: user } = useSuspenseQuery(currentUserQuery);
  // Each area shows only to a role that opens it (the router refuses the others anyway).
  const can = (permission: Permission) => user.permissions.includes(permission);
  // A Lite company has no agents area or webhook marketplace (the server refuses them too).
  const lite = isLite(user);
  // Parley staff read the mails a server without SMTP_URL keeps (the server refuses others).
  const staffOfMaillessServer =
    user.company.company_type === 'Internal' && !user.bot_ids && !config.mail.configured;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', py: 1 }}>
      <List>
        {can('bots:view') && (
          <NavItem
            to={lite ? '/v2/lite' : '/v2'}
            label={t('nav.home')}
            icon={home ? <HomeRounded color="primary" /> : <HomeOutlined />}
            selected={home}
            onNavigate={onNavigate}
          />
        )}
        {can('inbox:use') && (
          <NavItem
            to="/v2/inbox"
            label={t('nav.inbox')}
            icon={inbox ? <ForumRounded color="primary" /> : <ForumOutlined />}
            selected={inbox}
            onNavigate={onNavigate}
          />
        )}
        {can('reports:view') && (
          <NavItem
            to="/v2/reports"
            label={t('nav.reports')}
            icon={reports ? <InsightsRounded color="primary" /> : <InsightsOutlined />}
            selected={reports}
            onNavigate={onNavigate}
          />
        )}
        <NavItem
          to="/v2/changelog"
          label={t('nav.changelog')}
          icon={changelog ? <NewReleasesRounded color="primary" /> : <NewReleasesOutlined />}
          selected={changelog}
          onNavigate={onNavigate}
        />
        {can('bots:view') && (
          <NavItem
            to="/v2/conversational-web-sdk"
            label={t('nav.sdk')}
            icon={
              sdk ? <IntegrationInstructionsRounded color="primary" /> : <IntegrationInstructionsOutlined />
            }
            selected={sdk}
            onNavigate={onNavigate}
          />
        )}
        {can('bots:view') && !lite && (
          <NavItem
            to="/v2/agents"
            label={t('nav.agents')}
            icon={agents ? <SmartToyRounded color="primary" /> : <SmartToyOutlined />}
            selected={agents}
            onNavigate={onNavigate}
          />
        )}
        {can('bots:manage') && !lite && (
          <NavItem
            to="/v2/webhook/marketplace"
            label={t('nav.webhooks')}
            icon={webhooks ? <WebhookRounded color="primary" /> : <WebhookOutlined />}
            selected={webhooks}
            onNavigate={onNavigate}
          />
        )}
        {can('bots:manage') && (
          <NavItem
            to="/filters/list"
            label={t('nav.audiences')}
            icon={audiences ? <GroupsRounded color="primary" /> : <GroupsOutlined />}
            selected={audiences}
            onNavigate={onNavigate}
          />
        )}
        {can('bots:manage') && (
          <NavItem
            to="/broadcast"
            label={t('nav.broadcasts')}
            icon={broadcasts ? <CampaignRounded color="primary" /> : <CampaignOutlined />}
            selected={broadcasts}
            onNavigate={onNavigate}
          />
        )}
        {staffOfMaillessServer && (
          <NavItem
            to="/v2/dev-mailbox"
            label={t('nav.devMailbox')}
            icon={devMailbox ? <MarkEmailUnreadRounded color="primary" /> : <MarkEmailUnreadOutlined />}
            selected={devMailbox}
            onNavigate={onNavigate}
          />
        )}
        <NavItem
          to="/v2/company/settings"
          label={t('nav.companySettings')}
          icon={company ? <BusinessRounded color="primary" /> : <BusinessOutlined />}
          selected={company}
          onNavigate={onNavigate}
        />
      </List>
      {groupByColumn(sections).map(([column, items], index) => (
        <List
          key={column}
          // Screen readers name each group by its column.
          aria-labelledby={`${columnIds}-${index}`}
          subheader={
            <ListSubheader id={`${columnIds}-${index}`} sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
              {column}
            </ListSubheader>
          }
        >
          {items.map((section) => {
            const to = `/v2/sections/${section.id}`;
            const selected = pathname === to;
            return (
              <Tooltip key={section.id} title={section.description} placement="right" disableInteractive>
                <div>
                  <NavItem
                    to={to}
                    label={section.label}
                    icon={<SectionIcon section={section} selected={selected} />}
                    selected={selected}
                    onNavigate={onNavigate}
                  />
                </div>
              </Tooltip>
            );
          })}
        </List>
      ))}
      <Box sx={{ flex: 1 }} />
      <Divider sx={{ mx: 2 }} />
      <List dense>
        {[
          {
            href: config.statusPageUrl,
            label: t('nav.status'),
            icon: <MonitorHeartOutlined fontSize="small" />,
          },
          {
            href: config.supportUrl,
            label: t('nav.support'),
            icon: <SupportAgentOutlined fontSize="small" />,
          },
        ].map((link) => (
          <ListItemButton
            key={link.href}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ borderRadius: 2, mx: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 38 }}>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} />
            <OpenInNewRounded
              sx={{ fontSize: 16, color: 'text.secondary' }}
              aria-label={t('nav.opensInNewTab')}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
