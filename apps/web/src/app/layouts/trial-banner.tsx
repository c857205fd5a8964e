import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

const DAY_MS = 86_400_000;

/** Shown to trial companies (expiration date other than "None", spec §3). */
export function TrialBanner({ expiration, now = Date.now() }: { expiration: string; now?: number }) {
  const { t, i18n } = useTranslation();
  const ends = new Date(expiration);
  if (expiration === 'None' || Number.isNaN(ends.getTime())) return null;
  const date = ends.toLocaleDateString(i18n.resolvedLanguage, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const daysLeft = Math.ceil((ends.getTime() - now) / DAY_MS);
  if (daysLeft <= 0) {
    return (
      <Alert severity="error" square sx={{ borderRadius: 0 }}>
        {t('trial.ended', { date })}
      </Alert>
    );
  }
  return (
    <Alert severity={daysLeft <= 3 ? 'warning' : 'info'} square sx={{ borderRadius: 0 }}>
      {t('trial.endsOn', { date, count: daysLeft })}
    </Alert>
  );
}
