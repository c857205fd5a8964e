import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The end of a sign-in side flow: what happened, and the one next step. */
export function AuthOutcome({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  action: { label: string; to: string };
}) {
  return (
    <Stack spacing={2} alignItems="center" textAlign="center" role="status">
      {icon}
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{body}</Typography>
      <Button component={RouterLink} to={action.to} variant="contained">
        {action.label}
      </Button>
    </Stack>
  );
}
