import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Grid,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { type LiteAnswers, type LiteAnswersInput, type LiteBot, liteAnswersSchema } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useCan } from '../../../shared/session/current-user';
import { botQuery } from '../../webchat/api/webchat';
import { StylingEditor } from '../../webchat/components/styling-editor';
import { WebchatDeploymentCard } from '../../webchat/components/webchat-deployment-card';
import { liteBotQuery, useSaveLiteBot } from '../api/lite';
import {
  type AnswersForm,
  AnswersSection,
  BusinessFields,
  ContactFields,
  HoursFields,
  PurposeField,
  VoiceFields,
} from './answer-fields';
import { FaqFields } from './faq-fields';

/** The guided answers of a lite bot, saved into its flow (rebuilt from them). */
function AnswersEditor({ liteBot }: { liteBot: LiteBot }) {
  const { t } = useTranslation('lite');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveLiteBot(liteBot.id);
  const canManage = useCan('bots:manage');
  const form: AnswersForm = useForm<LiteAnswersInput, unknown, LiteAnswers>({
    resolver: zodResolver(liteAnswersSchema),
    mode: 'onTouched',
    values: liteBot.answers,
  });
  const onSubmit = form.handleSubmit((answers) =>
    save.mutate(
      { answers, baseRevision: liteBot.draft_revision },
      {
        onSuccess: (saved) => {
          form.reset(saved.answers);
          enqueueSnackbar(t('settings.saved'), { variant: 'success' });
        },
      },
    ),
  );
  const sections = [
    ['voice', <VoiceFields key="voice" form={form} />],
    ['faqs', <FaqFields key="faqs" form={form} saved />],
    ['hours', <HoursFields key="hours" form={form} />],
    ['contact', <ContactFields key="contact" form={form} />],
    ['business', <BusinessFields key="business" form={form} />],
    ['purpose', <PurposeField key="purpose" form={form} />],
  ] as const;
  return (
    <Card component="form" noValidate onSubmit={onSubmit} aria-label={t('settings.answersTitle')}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={4} divider={<Divider flexItem />}>
          {sections.map(([name, fields]) => (
            <AnswersSection key={name} title={t(`settings.sections.${name}`)}>
              {fields}
            </AnswersSection>
          ))}
        </Stack>
        {save.error && (
          <Alert severity="error" sx={{ mt: 3 }}>
            {isApiError(save.error) && save.error.status === 409
              ? t('settings.conflict')
              : save.error.message}
          </Alert>
        )}
        {canManage && (
          <Box
            sx={{
              position: 'sticky',
              bottom: 0,
              mt: 3,
              py: 2,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
            }}
          >
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={save.isPending || !form.formState.isDirty}
            >
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {form.formState.isDirty ? t('settings.unsaved') : t('settings.publishHint')}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `/v2/lite/bots/{botId}/settings` and `…/styling` for a lite company: the guided answers with
 * publishing and the embed code, and the widget's look with presets and a live preview.
 */
export function LiteSettingsPage() {
  const { t } = useTranslation('lite');
  const { botId = '' } = useParams();
  const styling = useLocation().pathname.endsWith('/styling');
  const { data: bot } = useSuspenseQuery(botQuery(botId));
  const liteBot = useQuery({ ...liteBotQuery(botId), enabled: !styling, retry: false });
  const base = `/v2/lite/bots/${bot.id}/settings`;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1280, mx: 'auto', width: '100%' }}>
      <Box>
        <Button component={Link} to="/v2/lite" startIcon={<ArrowBackRounded />} size="small" sx={{ mb: 1 }}>
          {t('settings.back')}
        </Button>
        <Typography variant="h1">{bot.name}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('settings.subtitle')}
        </Typography>
      </Box>
      <Tabs
        value={styling ? 'styling' : 'answers'}
        aria-label={t('settings.tabsLabel', { name: bot.name })}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="answers" label={t('settings.tabs.answers')} component={Link} to={base} />
        <Tab value="styling" label={t('settings.tabs.styling')} component={Link} to={`${base}/styling`} />
      </Tabs>
      {styling ? (
        <StylingEditor botId={bot.id} presets />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            {liteBot.data ? (
              <AnswersEditor liteBot={liteBot.data} />
            ) : liteBot.error ? (
              <Alert severity="warning">
                {isApiError(liteBot.error) && liteBot.error.status === 409
                  ? t('settings.notLite')
                  : liteBot.error.message}
              </Alert>
            ) : null}
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
              <WebchatDeploymentCard botId={bot.id} />
            </Box>
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
