import { Chip } from '@mui/material';
import type { InboxStatus } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InboxStatus, { bg: string; fg: string }> = {
  active: { bg: '#e0e7ff', fg: '#3730a3' },
  waiting: { bg: '#fef3c7', fg: '#92400e' },
  with_agent: { bg: '#d1fae5', fg: '#065f46' },
  expired: { bg: '#f1f5f9', fg: '#475569' },
  ended: { bg: '#f1f5f9', fg: '#334155' },
};

export function StatusChip({ status, size = 'small' }: { status: InboxStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('inbox');
  const { bg, fg } = COLORS[status];
  return (
    <Chip
      size={size}
      label={t(`status.${status}`)}
      data-status={status}
      sx={{ bgcolor: bg, color: fg, fontWeight: 600, height: size === 'small' ? 22 : undefined }}
    />
  );
}
