import { CssBaseline, ThemeProvider } from '@mui/material';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** Toasts last 4 seconds, at most 3 at a time (spec §9). */
export const TOAST_DURATION_MS = 4_000;
export const MAX_TOASTS = 3;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          autoHideDuration={TOAST_DURATION_MS}
          maxSnack={MAX_TOASTS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
