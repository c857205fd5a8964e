import { Box, Paper, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { LoadingScreen } from '../../shared/ui/loading-screen';
import { Logo } from '../../shared/ui/logo';
import { LanguageSwitcher } from './language-menu';

/** The frame all sign-in screens share: the product on one side, the form on the other. */
export function AuthLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' } }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: 'radial-gradient(circle at 20% 20%, #6366f1 0%, #4338ca 45%, #312e81 100%)',
        }}
      >
        <Logo inverted size={36} />
        <Stack spacing={2} sx={{ maxWidth: 440 }}>
          <Typography variant="h1" component="p" sx={{ fontSize: '2.4rem', lineHeight: 1.15 }}>
            {t('brand.headline')}
          </Typography>
          <Typography sx={{ opacity: 0.85, fontSize: '1.05rem' }}>{t('brand.tagline')}</Typography>
        </Stack>
        <Typography sx={{ opacity: 0.6, fontSize: 14 }}>© Parley</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            px: { xs: 2, sm: 4 },
            py: 2,
          }}
        >
          <Box sx={{ display: { md: 'none' } }}>
            <Logo />
          </Box>
          <Box sx={{ ml: 'auto' }}>
            <LanguageSwitcher />
          </Box>
        </Box>
        <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6 }}>
          <Paper
            variant="outlined"
            sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 }, borderRadius: 4 }}
          >
            <Suspense fallback={<LoadingScreen />}>
              {navigation.state === 'loading' ? <LoadingScreen /> : <Outlet />}
            </Suspense>
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
