import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../shared/ui/code-block';
import { LiveExample } from './live-example';
import { sdkExamples } from './sdk-examples';

function DocSection({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={id}>
      <Typography variant="h3" component="h2" id={id}>
        {title}
      </Typography>
      {text && (
        <Typography variant="body1" color="text.secondary">
          {text}
        </Typography>
      )}
      {children}
    </Stack>
  );
}

/** `/v2/conversational-web-sdk`: how to build a chat on Parley bots with the SDK, and a live try. */
export function SdkDocsPage() {
  const { t } = useTranslation('sdk');
  const origin = window.location.origin;
  const code = (key: keyof typeof sdkExamples) => sdkExamples[key].replaceAll('ORIGIN', origin);
  const sections = ['install', 'start', 'send', 'subscribe', 'history', 'messageTypes', 'errors'] as const;

  return (
    <Stack spacing={4} sx={{ maxWidth: 920 }}>
      <Box>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
          {t('intro')}
        </Typography>
      </Box>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={4}>
            {sections.map((key) => (
              <DocSection
                key={key}
                id={`sdk-${key}`}
                title={t(`sections.${key}.title`)}
                text={t(`sections.${key}.text`)}
              >
                <CodeBlock code={code(key)} label={t(`sections.${key}.title`)} />
              </DocSection>
            ))}
            <DocSection
              id="sdk-rest"
              title={t('sections.rest.title')}
              text={
                <Trans
                  t={t}
                  i18nKey="sections.rest.text"
                  components={{ docs: <Link href="/api/docs" target="_blank" rel="noopener" /> }}
                />
              }
            />
          </Stack>
        </CardContent>
      </Card>
      <DocSection id="sdk-live" title={t('live.title')} text={t('live.text')}>
        <LiveExample />
      </DocSection>
    </Stack>
  );
}
