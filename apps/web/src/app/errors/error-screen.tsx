import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRouteError, useSearchParams } from 'react-router';
import { forgetContextOf } from '../../features/inbox/model/inbox-view';
import { readAuthRecord } from '../../shared/auth/auth-record';
import { type ErrorKind, errorKindOf } from '../../shared/errors/error-kind';

const icons = {
  'not-found': SearchOffRounded,
  unauthorized: LockOutlined,
  'internal-error': ErrorOutlineRounded,
};

export function ErrorScreen({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation('errors');
  const Icon = icons[kind];
  // Signed in but refused (another company's page): signing in again would lead nowhere new.
  const refused = kind === 'unauthorized' && readAuthRecord() !== null;
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', px: 3, py: 6 }}
      data-error-kind={kind}
    >
      <Stack spacing={2} alignItems="center" sx={{ maxWidth: 460, textAlign: 'center' }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: 'primary.50',
            display: 'grid',
            placeItems: 'center',
            background: '#eef2ff',
          }}
        >
          <Icon sx={{ fontSize: 36, color: 'primary.main' }} />
        </Box>
        <Typography variant="h2" component="h1">
          {t(`${kind}.title`)}
        </Typography>
        <Typography color="text.secondary">
          {refused ? t('unauthorized.signedInBody') : t(`${kind}.body`)}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
          {kind === 'unauthorized' && !refused ? (
            <Button variant="contained" component={RouterLink} to="/v2/login">
              {t('actions.signIn')}
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to="/v2">
              {t('actions.home')}
            </Button>
          )}
          {kind === 'internal-error' && (
            <Button variant="outlined" onClick={() => window.location.reload()}>
              {t('actions.reload')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** The error element of every page: the screen that matches the thrown error's name. */
export function RouteErrorScreen() {
  const kind = errorKindOf(useRouteError());
  const [search] = useSearchParams();
  // A company or bot that could not be shown is not opened again by the next page.
  useEffect(() => {
    if (kind !== 'internal-error') forgetContextOf(search);
  }, [kind, search]);
  return <ErrorScreen kind={kind} />;
}
