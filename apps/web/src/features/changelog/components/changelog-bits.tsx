import { Box, Chip } from '@mui/material';
import type { ChangelogEntry, ChangelogType } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const typeColors: Record<ChangelogType, { bg: string; fg: string }> = {
  breaking: { bg: '#fee2e2', fg: '#b91c1c' },
  bugfix: { bg: '#ffedd5', fg: '#c2410c' },
  feature: { bg: '#e0e7ff', fg: '#4338ca' },
  improvement: { bg: '#dcfce7', fg: '#15803d' },
  maintenance: { bg: '#f1f5f9', fg: '#475569' },
};

export function TypeBadge({ type }: { type: ChangelogType }) {
  const { t } = useTranslation('changelog');
  const colors = typeColors[type];
  return (
    <Chip
      size="small"
      label={t(`types.${type}`)}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}

export function VersionBadge({ version }: { version: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={`v${version}`}
      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 }}
    />
  );
}

export function VisibilityBadge({ visibility }: { visibility: ChangelogEntry['visibility'] }) {
  const { t } = useTranslation('changelog');
  return (
    <Chip
      size="small"
      label={t(`visibility.${visibility}`)}
      color={visibility === 'internal' ? 'warning' : 'default'}
      variant={visibility === 'internal' ? 'filled' : 'outlined'}
    />
  );
}

/** An entry's Markdown body (no raw HTML is rendered). */
export function EntryBody({ markdown }: { markdown: string }) {
  return (
    <Box
      sx={{
        color: 'text.secondary',
        '& p': { my: 1 },
        '& ul': { my: 1, pl: 3 },
        '& li': { my: 0.5 },
        '& code': { bgcolor: '#f1f5f9', px: 0.5, borderRadius: 0.5, fontSize: '0.9em' },
        '& a': { color: 'primary.main' },
        '& strong': { color: 'text.primary' },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]}>{markdown}</Markdown>
    </Box>
  );
}
