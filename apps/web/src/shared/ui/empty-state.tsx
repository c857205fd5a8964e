import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Where a report or chart has nothing to show yet: what is missing and how it fills, in place of an empty axis. */
export function EmptyState({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <Stack alignItems="center" sx={{ py: 4, px: 2, textAlign: 'center' }} spacing={1}>
      <InsightsOutlined color="primary" sx={{ fontSize: 36, opacity: 0.8 }} />
      <Typography variant="h5" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        {body}
      </Typography>
      {action}
    </Stack>
  );
}
