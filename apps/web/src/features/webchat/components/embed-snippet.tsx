import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { embedSnippet } from '../api/webchat';

export function EmbedSnippet({ deploymentKey }: { deploymentKey: string }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const code = embedSnippet(window.location.origin, deploymentKey);
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3">
        {t('deploy.snippetTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('deploy.snippetHelp')}
      </Typography>
      <Box
        component="pre"
        aria-label={t('deploy.snippetTitle')}
        sx={{
          m: 0,
          p: 2,
          borderRadius: 2,
          bgcolor: 'grey.900',
          color: 'grey.100',
          fontSize: 13,
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {code}
      </Box>
      <Box>
        <Button
          variant="outlined"
          startIcon={<ContentCopyOutlined />}
          onClick={async () => {
            await navigator.clipboard.writeText(code);
            enqueueSnackbar(t('deploy.copied'), { variant: 'success' });
          }}
        >
          {t('deploy.copy')}
        </Button>
      </Box>
    </Stack>
  );
}
