import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import BusinessRounded from '@mui/icons-material/BusinessRounded';
import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import { Box, Button, Card, CardActionArea, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import type { CurrentUser } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIndustryLabel } from '../../../shared/ui/industry-select';

export function CompanyCard({
  company,
  now = Date.now(),
}: {
  company: CurrentUser['company'];
  now?: number;
}) {
  const { t, i18n } = useTranslation('home');
  const industryLabel = useIndustryLabel();
  const trial = company.company_expiration_date !== 'None';
  const ends = new Date(company.company_expiration_date);
  // The server refuses publishing and web chat from then on (the banner above says what stops).
  const ended = trial && ends.getTime() <= now;
  const date = trial ? ends.toLocaleDateString(i18n.resolvedLanguage, { dateStyle: 'long' }) : '';
  const facts = [
    { label: t('company.type'), value: t(`company.types.${company.company_type}`) },
    {
      label: t('company.plan'),
      value: !trial
        ? t('company.subscribed')
        : t(ended ? 'company.trialEnded' : 'company.trialUntil', { date }),
    },
    {
      label: t('company.industry'),
      value: company.industry ? industryLabel(company.industry) : t('company.industryUnknown'),
    },
    {
      label: t('company.twoFactor'),
      value: company.two_factor_enabled ? t('company.required') : t('company.optional'),
    },
  ];
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2.5 }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#eef2ff',
            }}
          >
            <BusinessRounded color="primary" />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h3" component="h2" noWrap>
              {company.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              <Chip
                size="small"
                label={t(`company.types.${company.company_type}`)}
                color={company.company_type === 'Internal' ? 'secondary' : 'default'}
              />
              {trial && (
                <Chip
                  size="small"
                  color={ended ? 'error' : 'warning'}
                  variant="outlined"
                  label={t(ended ? 'company.trialEndedChip' : 'company.trial')}
                />
              )}
            </Stack>
          </Box>
          <Button component={RouterLink} to="/v2/company/settings" size="small" sx={{ flexShrink: 0 }}>
            {t('company.settings')}
          </Button>
        </Stack>
        <Grid container spacing={2}>
          {facts.map((fact) => (
            <Grid key={fact.label} size={{ xs: 12, sm: 6 }}>
              <Typography variant="body2" color="text.secondary">
                {fact.label}
              </Typography>
              <Typography fontWeight={550}>{fact.value}</Typography>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

export function SectionsCard({ sections }: { sections: CurrentUser['company']['sections'] }) {
  const { t } = useTranslation('home');
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {t('sections.title')}
        </Typography>
        {sections.length === 0 ? (
          <Stack alignItems="center" spacing={1.5} sx={{ py: 4, textAlign: 'center' }}>
            <DashboardCustomizeOutlined sx={{ fontSize: 40, color: 'text.secondary' }} />
            <Typography fontWeight={600}>{t('sections.emptyTitle')}</Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
              {t('sections.emptyBody')}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            {sections.map((section) => (
              <Card key={section.id} variant="outlined">
                <CardActionArea component={RouterLink} to={`/v2/sections/${section.id}`} sx={{ p: 2 }}>
                  <Stack direction="row" spacing={2} alignItems="center">
                    {section.icon ? (
                      <Box
                        component="img"
                        src={section.icon.initial_state}
                        alt=""
                        sx={{ width: 28, height: 28 }}
                      />
                    ) : (
                      <DashboardCustomizeOutlined color="action" />
                    )}
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography fontWeight={600}>{section.label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {section.description || section.column}
                      </Typography>
                    </Box>
                    <ArrowForwardRounded color="action" />
                  </Stack>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
