import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A report that failed to load says so and offers to try again (never a blank screen). */
export function ReportError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      }
    >
      {t('error.title')}
    </Alert>
  );
}
