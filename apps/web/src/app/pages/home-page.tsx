import { Box, Grid, Stack, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BotsSection } from '../../features/bots/components/bots-section';
import { LatestChangesCard, NewFeaturesCard } from '../../features/changelog/components/home-cards';
import { CompanyCard, SectionsCard } from '../../features/home/components/company-overview';
import { currentUserQuery } from '../../shared/session/current-user';

/** Home (`/v2`, and the legacy `/bots/list`): the company's bots, what is new in Parley, the company. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Box>
        <Typography variant="h1">{t('greeting', { name: user.first_name })}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle', { company: user.company.name })}
        </Typography>
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <BotsSection companyId={user.company.id} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <LatestChangesCard />
            <NewFeaturesCard />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CompanyCard company={user.company} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionsCard sections={user.company.sections} />
        </Grid>
      </Grid>
    </Stack>
  );
}
