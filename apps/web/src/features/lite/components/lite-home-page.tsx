import AddRounded from '@mui/icons-material/AddRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import CodeRounded from '@mui/icons-material/CodeRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import SmartToyRounded from '@mui/icons-material/SmartToyRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { LiteHome, LiteHomeBot } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentUserQuery, useCan } from '../../../shared/session/current-user';
import { liteHomeQuery } from '../api/lite';

function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <Box>
      <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>
        {new Intl.NumberFormat(i18n.language).format(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** What a bot's owner could do next, most useful first. */
function nextSteps(bot: LiteHomeBot, t: (key: string, options?: Record<string, unknown>) => string) {
  const settings = `/v2/lite/bots/${bot.id}/settings`;
  const steps: { key: string; label: string; to: string; icon: ReactNode }[] = [];
  if (bot.waiting > 0)
    steps.push({
      key: 'answer',
      label: t('home.next.answer', { count: bot.waiting }),
      to: '/v2/inbox',
      icon: <ForumRounded color="warning" />,
    });
  if (bot.status === 'draft' || bot.unpublished_changes)
    steps.push({
      key: 'publish',
      label: bot.status === 'draft' ? t('home.next.publish') : t('home.next.publishChanges'),
      to: settings,
      icon: <RocketLaunchRounded color="primary" />,
    });
  if (!bot.on_site)
    steps.push({
      key: 'site',
      label: t('home.next.addToSite'),
      to: settings,
      icon: <CodeRounded color="primary" />,
    });
  return steps;
}

function BotCard({ bot }: { bot: LiteHomeBot }) {
  const { t } = useTranslation('lite');
  const steps = nextSteps(bot, t);
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ p: 3, flex: 1 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
              <SmartToyRounded />
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h3" component="h2" noWrap>
                {bot.name}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                <Chip
                  size="small"
                  color={bot.live ? 'success' : 'default'}
                  label={
                    bot.live
                      ? t('home.state.live')
                      : bot.status === 'published'
                        ? t('home.state.published')
                        : t('home.state.draft')
                  }
                />
                {bot.unpublished_changes && (
                  <Chip size="small" variant="outlined" label={t('home.state.changes')} />
                )}
              </Stack>
            </Box>
          </Stack>
          <Box>
            <Typography variant="overline" color="text.secondary">
              {t('home.thisWeek')}
            </Typography>
            <Stack direction="row" spacing={4}>
              <Figure label={t('home.figures.conversations')} value={bot.week.conversations} />
              <Figure label={t('home.figures.handovers')} value={bot.week.handovers} />
              <Figure label={t('home.figures.goals')} value={bot.week.goals} />
            </Stack>
          </Box>
          {steps.length > 0 ? (
            <Box>
              <Typography variant="overline" color="text.secondary">
                {t('home.nextTitle')}
              </Typography>
              <List dense disablePadding>
                {steps.map((step) => (
                  <ListItemButton
                    key={step.key}
                    component={Link}
                    to={step.to}
                    sx={{ borderRadius: 2, px: 1 }}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>{step.icon}</ListItemIcon>
                    <ListItemText primary={step.label} />
                    <ChevronRightRounded color="action" />
                  </ListItemButton>
                ))}
              </List>
            </Box>
          ) : (
            <Typography color="text.secondary">{t('home.allSet')}</Typography>
          )}
        </Stack>
      </CardContent>
      <Box sx={{ px: 3, pb: 3 }}>
        <Button
          component={Link}
          to={`/v2/lite/bots/${bot.id}/settings`}
          variant="outlined"
          startIcon={<TuneRounded />}
          aria-label={t('home.settingsOf', { name: bot.name })}
        >
          {t('home.settings')}
        </Button>
      </Box>
    </Card>
  );
}

function WeekSummary({ home }: { home: LiteHome }) {
  const { t } = useTranslation('lite');
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 6 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 650, minWidth: 140 }}>
            {t('home.weekTitle')}
          </Typography>
          <Figure label={t('home.figures.conversations')} value={home.totals.conversations} />
          <Figure label={t('home.figures.handovers')} value={home.totals.handovers} />
          <Figure label={t('home.figures.goals')} value={home.totals.goals} />
          <Figure label={t('home.figures.waiting')} value={home.totals.waiting} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** `/v2/lite`: a lite company's bots, this week's figures, and what to do next. */
export function LiteHomePage() {
  const { t } = useTranslation('lite');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: home } = useSuspenseQuery(liteHomeQuery);
  const canCreate = useCan('bots:manage');
  const create = (
    <Button
      component={Link}
      to="/v2/lite/bot-form-creation"
      variant="contained"
      size="large"
      startIcon={<AddRounded />}
    >
      {t('home.create')}
    </Button>
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, mx: 'auto', width: '100%' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h1">{t('home.greeting', { name: user.first_name })}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('home.subtitle', { company: user.company.name })}
          </Typography>
        </Box>
        {canCreate && home.bots.length > 0 && create}
      </Stack>
      {home.bots.length === 0 ? (
        <Card>
          <CardContent sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center' }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 72, height: 72, mx: 'auto', mb: 2 }}>
              <SmartToyRounded sx={{ fontSize: 40 }} />
            </Avatar>
            <Typography variant="h2">{t('home.emptyTitle')}</Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 520, mx: 'auto' }}>
              {t('home.emptyHelp')}
            </Typography>
            {canCreate && create}
          </CardContent>
        </Card>
      ) : (
        <>
          <WeekSummary home={home} />
          <Grid container spacing={3}>
            {home.bots.map((bot) => (
              <Grid key={bot.id} size={{ xs: 12, md: 6 }}>
                <BotCard bot={bot} />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Stack>
  );
}
