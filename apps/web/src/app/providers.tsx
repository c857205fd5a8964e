import { CssBaseline, ThemeProvider } from '@mui/material';
import { esES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

/** Toasts last 4 seconds, at most 3 at a time (spec §9). */
export const TOAST_DURATION_MS = 4_000;
export const MAX_TOASTS = 3;

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const spanish = i18n.language?.startsWith('es') ?? false;
  // MUI's own words (an autocomplete's "Open" and "Clear", pagination, …) in the person's language.
  const localized = useMemo(() => (spanish ? createTheme(theme, esES) : theme), [spanish]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={localized}>
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
