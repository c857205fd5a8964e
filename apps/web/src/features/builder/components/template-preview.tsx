import { Box, Button, CircularProgress, Collapse, Stack, TextField, Typography } from '@mui/material';
import { templateVariablesSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { renderTemplate } from '../api/builder-api';
import { useJinjaEnvironment } from '../model/jinja-environment';
import { WidgetText } from './widget-text';

/**
 * Renders the template on the server with the sample values, as the bot would say it: a message
 * (`markdown`) as the web chat shows it, anything else as the text it makes.
 */
export function TemplatePreview({ source, markdown }: { source: string; markdown: boolean }) {
  const { t } = useTranslation('builder');
  const { samples } = useJinjaEnvironment();
  const [debounced, setDebounced] = useState(source);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(source), 300);
    return () => clearTimeout(timer);
  }, [source]);
  const preview = useQuery({
    queryKey: ['builder', 'preview', debounced, samples],
    queryFn: ({ signal }) => renderTemplate(debounced, samples, signal),
    retry: false,
    placeholderData: (previous) => previous,
  });
  const failure = preview.error;
  return (
    <Box
      role="region"
      aria-label={t('jinja.preview')}
      sx={{ mt: 1, p: 1.25, borderRadius: 1.5, bgcolor: '#f1f5f9', border: '1px dashed #cbd5e1' }}
    >
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 0.5 }}>
        <Typography variant="overline" color="text.secondary" sx={{ flex: 1, lineHeight: 1.6 }}>
          {t('jinja.preview')}
        </Typography>
        {preview.isFetching && <CircularProgress size={12} />}
      </Stack>
      {failure ? (
        <Typography variant="body2" color="error" data-preview-error>
          {isApiError(failure) ? failure.message : t('jinja.previewFailed')}
        </Typography>
      ) : markdown && preview.data?.output ? (
        <Typography variant="body2" component="div" data-preview-output>
          <WidgetText text={preview.data.output} />
        </Typography>
      ) : (
        <Typography
          variant="body2"
          data-preview-output
          sx={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontStyle: preview.data?.output ? 'normal' : 'italic',
          }}
        >
          {preview.data ? preview.data.output || t('jinja.emptyOutput') : '…'}
        </Typography>
      )}
      <SampleValues />
    </Box>
  );
}

function SampleValues() {
  const { t } = useTranslation('builder');
  const { samples, setSamples } = useJinjaEnvironment();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => JSON.stringify(samples, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(!open)} sx={{ mt: 0.5, px: 0.5, minWidth: 0 }}>
        {open ? t('jinja.hideSamples') : t('jinja.editSamples')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <TextField
          label={t('jinja.samples')}
          multiline
          minRows={3}
          fullWidth
          size="small"
          value={text}
          error={invalid}
          helperText={invalid ? t('jinja.samplesInvalid') : t('jinja.samplesHelp')}
          onChange={(event) => {
            setText(event.target.value);
            try {
              const parsed = templateVariablesSchema.safeParse(JSON.parse(event.target.value));
              setInvalid(!parsed.success);
              if (parsed.success) setSamples(parsed.data);
            } catch {
              setInvalid(true);
            }
          }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12.5 } } }}
          sx={{ mt: 1, bgcolor: '#fff' }}
        />
      </Collapse>
    </>
  );
}
