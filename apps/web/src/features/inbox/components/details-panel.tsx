import { Box, Divider, Stack, Typography } from '@mui/material';
import type { InboxTranscript } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { channelLabel } from './channel-icon';
import { fullDateTime, valueText } from './format';
import { StatusChip } from './status-chip';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" fontWeight={600} component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Who the user is, where the conversation stands, and every variable the bot holds for it. */
export function DetailsPanel({ transcript }: { transcript: InboxTranscript }) {
  const { t, i18n } = useTranslation('inbox');
  const { conversation, variables } = transcript;
  const when = (iso: string | null) => (iso ? fullDateTime(iso, i18n.resolvedLanguage) : '—');
  const entries = Object.entries(variables).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Box
      component="aside"
      aria-label={t('details.label')}
      tabIndex={0}
      sx={{ height: '100%', overflowY: 'auto', px: 2, py: 2 }}
    >
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {t('details.title')}
      </Typography>
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <Fact label={t('details.status')}>
          <StatusChip status={conversation.status} />
        </Fact>
        {conversation.agent && <Fact label={t('details.agent')}>{conversation.agent.name}</Fact>}
        <Fact label={t('details.bot')}>{conversation.botName}</Fact>
        <Fact label={t('details.channel')}>{channelLabel(conversation.channel, t)}</Fact>
        {conversation.user.email && <Fact label={t('details.email')}>{conversation.user.email}</Fact>}
        {conversation.user.id && <Fact label={t('details.userId')}>{conversation.user.id}</Fact>}
        {conversation.pageDomain && <Fact label={t('details.domain')}>{conversation.pageDomain}</Fact>}
        <Fact label={t('details.started')}>{when(conversation.createdAt)}</Fact>
        <Fact label={t('details.lastActivity')}>{when(conversation.lastMessageAt)}</Fact>
        {conversation.expiredAt ? (
          <Fact label={t('details.expiredAt')}>{when(conversation.expiredAt)}</Fact>
        ) : (
          conversation.expiresAt && <Fact label={t('details.expiresAt')}>{when(conversation.expiresAt)}</Fact>
        )}
        <Fact label={t('details.messages')}>{conversation.messageCount}</Fact>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {t('details.variables')}
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('details.noVariables')}
        </Typography>
      ) : (
        <Stack component="dl" spacing={1} sx={{ m: 0 }} aria-label={t('details.variables')}>
          {entries.map(([name, value]) => (
            <Box
              key={name}
              sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1.5, px: 1.25, py: 0.75 }}
            >
              <Typography
                component="dt"
                variant="caption"
                sx={{ fontFamily: 'monospace', color: 'primary.dark', fontWeight: 600 }}
              >
                {name}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{
                  m: 0,
                  fontFamily: 'monospace',
                  fontSize: 12.5,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  maxHeight: 160,
                  overflowY: 'auto',
                }}
              >
                {valueText(value)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
