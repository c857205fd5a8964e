import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type CurrentUser, type Industry, MIN_INDUSTRY_COMPANIES, nameSchema } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { currentUserQuery, useCan } from '../../../shared/session/current-user';
import { IndustrySelect, useIndustryLabel } from '../../../shared/ui/industry-select';
import { PageContainer } from '../../../shared/ui/page-container';
import { HelpdeskCard } from '../../helpdesk/components/helpdesk-card';
import { StoreCard } from '../../store/components/store-card';
import { TranslationUsageCard } from '../../translation/components/translation-usage-card';
import { useUpdateCompanySettings } from '../api/company-settings';
import { AuditLogCard } from './audit-log-card';
import { TeamCard } from './team-card';

interface SettingsForm {
  name: string;
  industry: Industry | null;
}

function CardTitle({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {subtitle}
      </Typography>
    </Box>
  );
}

function ProfileCard({ company, canManage }: { company: CurrentUser['company']; canManage: boolean }) {
  const { t } = useTranslation('company');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateCompanySettings(company.id);
  const { register, control, handleSubmit, formState, reset } = useForm<SettingsForm>({
    values: { name: company.name, industry: company.industry },
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(
      {
        ...(formState.dirtyFields.name ? { name: values.name } : {}),
        ...(formState.dirtyFields.industry ? { industry: values.industry } : {}),
      },
      {
        onSuccess: (saved) => {
          reset({ name: saved.name, industry: saved.industry });
          enqueueSnackbar(t('saved'), { variant: 'success' });
        },
      },
    ),
  );
  const refused = isApiError(update.error) && update.error.name !== 'InternalException';
  return (
    <Card component="form" onSubmit={onSubmit} noValidate aria-labelledby="company-profile-title">
      <CardContent sx={{ p: 3 }}>
        <Box id="company-profile-title">
          <CardTitle title={t('profile.title')} subtitle={t('profile.subtitle')} />
        </Box>
        <Stack spacing={2.5}>
          {update.error && (
            <Alert severity="error" role="alert">
              {refused ? update.error.message : t('failed')}
            </Alert>
          )}
          <TextField
            label={t('fields.name')}
            autoComplete="organization"
            disabled={!canManage}
            {...register('name', {
              validate: (value) => nameSchema(120).safeParse(value).success || t('validation.name'),
            })}
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message ?? t('fields.nameHelp')}
          />
          <Controller
            control={control}
            name="industry"
            render={({ field }) => (
              <IndustrySelect
                label={t('fields.industry')}
                noneLabel={t('fields.industryNone')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={!canManage}
                helperText={t('fields.industryHelp', { minimum: MIN_INDUSTRY_COMPANIES })}
              />
            )}
          />
          {canManage && (
            <Box>
              <Button type="submit" variant="contained" disabled={!formState.isDirty || update.isPending}>
                {update.isPending ? t('saving') : t('save')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function BenchmarkCard({ industry }: { industry: Industry | null }) {
  const { t } = useTranslation('company');
  const industryLabel = useIndustryLabel();
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} alignItems={{ sm: 'center' }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#eef2ff',
              flexShrink: 0,
            }}
          >
            <InsightsOutlined color="primary" />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h4" component="h2">
              {t('benchmark.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {industry
                ? t('benchmark.on', { industry: industryLabel(industry), minimum: MIN_INDUSTRY_COMPANIES })
                : t('benchmark.off')}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/v2/reports/business" variant="outlined" sx={{ flexShrink: 0 }}>
            {t('benchmark.open')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * `/v2/company/settings`: the company's name and industry, its team, and its audit log (owners and
 * admins change them).
 */
export function CompanySettingsPage() {
  const { t } = useTranslation('company');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const canManage = useCan('company:manage');
  const canManageUsers = useCan('users:manage');
  return (
    <PageContainer>
      <Box>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle', { company: user.company.name })}
        </Typography>
      </Box>
      {!canManage && <Alert severity="info">{t('readOnly', { company: user.company.name })}</Alert>}
      <ProfileCard company={user.company} canManage={canManage} />
      {canManageUsers && <TeamCard />}
      {canManage && <TranslationUsageCard />}
      {canManage && <StoreCard />}
      {canManage && <HelpdeskCard />}
      {canManage && <AuditLogCard />}
      <BenchmarkCard industry={user.company.industry} />
    </PageContainer>
  );
}
