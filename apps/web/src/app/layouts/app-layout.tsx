import MenuRounded from '@mui/icons-material/MenuRounded';
import { AppBar, Box, Drawer, IconButton, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useNavigation } from 'react-router';
import { AppNavigation } from '../../features/sections/components/app-navigation';
import { currentUserQuery } from '../../shared/session/current-user';
import { LoadingScreen } from '../../shared/ui/loading-screen';
import { Logo } from '../../shared/ui/logo';
import { TrialBanner } from './trial-banner';
import { UserMenu } from './user-menu';

const DRAWER_WIDTH = 264;

/** The signed-in frame: app bar, navigation (a drawer on phones), trial banner, the page. */
export function AppLayout() {
  return (
    <Suspense fallback={<LoadingScreen fullScreen />}>
      <AppFrame />
    </Suspense>
  );
}

function AppFrame() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const navigation = useNavigation();
  const location = useLocation();
  const navigationPanel = (
    <AppNavigation sections={user.company.sections} onNavigate={() => setDrawerOpen(false)} />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1.5 }}>
          {!wide && (
            <IconButton edge="start" onClick={() => setDrawerOpen(true)} aria-label={t('nav.open')}>
              <MenuRounded />
            </IconButton>
          )}
          <Box component={RouterLink} to="/v2" sx={{ textDecoration: 'none' }} aria-label={t('nav.home')}>
            <Logo size={30} />
          </Box>
          <Typography
            color="text.secondary"
            noWrap
            sx={{
              display: { xs: 'none', sm: 'block' },
              pl: 2,
              ml: 1,
              borderLeft: '1px solid',
              borderColor: 'divider',
            }}
          >
            {user.company.name}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Box
        component="nav"
        aria-label={t('nav.label')}
        sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}
      >
        {wide ? (
          <Drawer
            variant="permanent"
            open
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Toolbar />
            {navigationPanel}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Box sx={{ px: 2, py: 2 }}>
              <Logo size={28} />
            </Box>
            {navigationPanel}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <TrialBanner expiration={user.company.company_expiration_date} />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3, lg: 4 } }}>
          <Suspense fallback={<LoadingScreen />}>
            {navigation.state === 'loading' && navigation.location.pathname !== location.pathname ? (
              <LoadingScreen />
            ) : (
              <Outlet />
            )}
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
