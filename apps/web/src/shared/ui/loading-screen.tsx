import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The one loading screen: a spinner and a translated label, while a page or its data loads. */
export function LoadingScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  // No suspense here: this is what shows while translations themselves load.
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: fullScreen ? '100vh' : 320,
        width: '100%',
      }}
    >
      <CircularProgress size={36} thickness={4} />
      <Typography color="text.secondary">{ready ? t('loading') : 'Loading…'}</Typography>
    </Box>
  );
}
