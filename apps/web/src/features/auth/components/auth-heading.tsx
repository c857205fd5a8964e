import { Stack, Typography } from '@mui/material';

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack spacing={0.75} sx={{ mb: 3 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
    </Stack>
  );
}
