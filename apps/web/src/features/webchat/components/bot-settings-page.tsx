import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { GenerativeTab } from '../../knowledge/components/generative-tab';
import { KnowledgeTab } from '../../knowledge/components/knowledge-tab';
import { TranslationSettings } from '../../translation/components/translation-settings';
import { TranslationsView } from '../../translation/components/translations-view';
import { botQuery } from '../api/webchat';
import { MessagingSuiteCard } from './messaging-suite-card';
import { MessengerCard } from './messenger-card';
import { StylingEditor } from './styling-editor';
import { WebchatDeploymentCard } from './webchat-deployment-card';

const tabs = [
  'styling',
  'messaging',
  'messenger',
  'languages',
  'translations',
  'knowledge',
  'generative',
] as const;
const tabOf = (path: string) => tabs.find((tab) => path.endsWith(`/${tab}`)) ?? 'webchat';

/**
 * `/v2/lite/bots/{botId}/settings` and its `/styling`, `/messaging`, `/messenger`, `/languages`
 * (the DeepL key and the languages the bot offers), `/translations` (its texts per language),
 * `/knowledge` and `/generative` tabs.
 */
export function BotSettingsPage() {
  const { t } = useTranslation('webchat');
  const tab = tabOf(useLocation().pathname);
  const { botId = '' } = useParams();
  const { data: bot } = useSuspenseQuery(botQuery(botId));
  const base = `/v2/lite/bots/${bot.id}/settings`;
  return (
    <Stack spacing={3}>
      <Box>
        <Button component={Link} to="/v2" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
          {t('settings.back')}
        </Button>
        <Typography variant="h1">{t('settings.title', { name: bot.name })}</Typography>
      </Box>
      <Tabs
        value={tab}
        aria-label={t('settings.title', { name: bot.name })}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="webchat" label={t('settings.tabs.webchat')} component={Link} to={base} />
        <Tab value="styling" label={t('settings.tabs.styling')} component={Link} to={`${base}/styling`} />
        <Tab
          value="messaging"
          label={t('settings.tabs.messaging')}
          component={Link}
          to={`${base}/messaging`}
        />
        <Tab
          value="messenger"
          label={t('settings.tabs.messenger')}
          component={Link}
          to={`${base}/messenger`}
        />
        <Tab
          value="languages"
          label={t('settings.tabs.languages')}
          component={Link}
          to={`${base}/languages`}
        />
        <Tab
          value="translations"
          label={t('settings.tabs.translations')}
          component={Link}
          to={`${base}/translations`}
        />
        <Tab
          value="knowledge"
          label={t('settings.tabs.knowledge')}
          component={Link}
          to={`${base}/knowledge`}
        />
        <Tab
          value="generative"
          label={t('settings.tabs.generative')}
          component={Link}
          to={`${base}/generative`}
        />
      </Tabs>
      {tab === 'webchat' && <WebchatDeploymentCard botId={bot.id} />}
      {tab === 'styling' && <StylingEditor botId={bot.id} />}
      {tab === 'messaging' && <MessagingSuiteCard botId={bot.id} />}
      {tab === 'messenger' && <MessengerCard botId={bot.id} />}
      {tab === 'languages' && <TranslationSettings botId={bot.id} />}
      {tab === 'translations' && <TranslationsView botId={bot.id} />}
      {tab === 'knowledge' && <KnowledgeTab botId={bot.id} />}
      {tab === 'generative' && <GenerativeTab botId={bot.id} />}
    </Stack>
  );
}
