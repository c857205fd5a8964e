import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/** Code to read and copy: dark, monospaced, with a copy button in its corner. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        aria-label={label}
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          pr: 6,
          borderRadius: 2,
          bgcolor: 'grey.900',
          color: 'grey.100',
          fontSize: 13,
          lineHeight: 1.6,
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          overflowX: 'auto',
        }}
      >
        {code}
      </Box>
      <Tooltip title={t('code.copy')}>
        <IconButton
          aria-label={`${t('code.copy')}: ${label}`}
          size="small"
          onClick={async () => {
            await navigator.clipboard.writeText(code);
            enqueueSnackbar(t('code.copied'), { variant: 'success' });
          }}
          sx={{ position: 'absolute', top: 8, right: 8, color: 'grey.300' }}
        >
          <ContentCopyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
