import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../../shared/ui/code-block';
import { embedSnippet } from '../api/webchat';

export function EmbedSnippet({ deploymentKey }: { deploymentKey: string }) {
  const { t } = useTranslation('webchat');
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {t('deploy.snippetTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('deploy.snippetHelp')}
      </Typography>
      <CodeBlock
        code={embedSnippet(window.location.origin, deploymentKey)}
        label={t('deploy.snippetTitle')}
      />
    </Stack>
  );
}
