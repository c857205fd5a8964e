import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnsubscribe } from '../api/broadcasts';

/**
 * Opened from a broadcast's unsubscribe button: `/v2/unsubscribe?token=…`. Asks first, so a link
 * previewer that opens the page opts nobody out.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('broadcasts');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    return (
      <Stack spacing={2} alignItems="center" textAlign="center" role="status">
        <CheckCircleOutlineRounded color="success" sx={{ fontSize: 48 }} />
        <Typography variant="h2" component="h1">
          {t('unsubscribe.doneTitle')}
        </Typography>
        <Typography color="text.secondary">{t('unsubscribe.doneBody')}</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5}>
      <Typography variant="h2" component="h1">
        {t('unsubscribe.title')}
      </Typography>
      <Typography color="text.secondary">{t('unsubscribe.body')}</Typography>
      {(!token || unsubscribe.isError) && (
        <Alert severity="error" role="alert">
          {t('unsubscribe.invalid')}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={!token || unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        {t('unsubscribe.confirm')}
      </Button>
    </Stack>
  );
}
