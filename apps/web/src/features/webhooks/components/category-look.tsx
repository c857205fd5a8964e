import BoltRounded from '@mui/icons-material/BoltRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import CodeRounded from '@mui/icons-material/CodeRounded';
import ContactsRounded from '@mui/icons-material/ContactsRounded';
import StorageRounded from '@mui/icons-material/StorageRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TableChartRounded from '@mui/icons-material/TableChartRounded';
import { Box } from '@mui/material';
import type { WebhookCategory } from '@parley/contracts';
import type { ComponentType } from 'react';

const looks: Record<
  WebhookCategory,
  { icon: ComponentType<{ fontSize?: 'small' | 'medium' }>; color: string }
> = {
  messaging: { icon: ChatRounded, color: '#7c3aed' },
  automation: { icon: BoltRounded, color: '#ea580c' },
  spreadsheets: { icon: TableChartRounded, color: '#16a34a' },
  crm: { icon: ContactsRounded, color: '#db2777' },
  support: { icon: SupportAgentRounded, color: '#0891b2' },
  databases: { icon: StorageRounded, color: '#2563eb' },
  developer: { icon: CodeRounded, color: '#475569' },
};

/** A template's badge: its category's icon on its colour. */
export function CategoryBadge({ category, size = 44 }: { category: WebhookCategory; size?: number }) {
  const { icon: Icon, color } = looks[category];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 2.5,
        display: 'grid',
        placeItems: 'center',
        color,
        bgcolor: `${color}14`,
      }}
    >
      <Icon fontSize={size < 40 ? 'small' : 'medium'} />
    </Box>
  );
}
