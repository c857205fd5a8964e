import { Box, Stack, Typography } from '@mui/material';
import type { DocumentPreview } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/** The first chunks of a document: the passages retrieval ranks, each under its headings. */
export function DocumentPreviewPanel({ preview }: { preview: DocumentPreview }) {
  const { t } = useTranslation('webchat');
  return (
    <Box sx={{ mt: 2 }}>
      <Box
        component="ol"
        aria-label={t('knowledge.chunksOf', { name: preview.source.name })}
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          maxHeight: 420,
          overflow: 'auto',
        }}
      >
        {preview.chunks.map((chunk, index) => (
          <Box
            component="li"
            key={chunk.chunkNumber}
            sx={{ px: 2, py: 1.5, borderTop: index > 0 ? 1 : 0, borderColor: 'divider' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Typography variant="caption" color="text.secondary" sx={{ minWidth: 28 }}>
                #{chunk.chunkNumber}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2">{chunk.heading || t('knowledge.noHeading')}</Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{
                    whiteSpace: 'pre-wrap',
                    display: '-webkit-box',
                    WebkitLineClamp: 4,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {chunk.text}
                </Typography>
              </Box>
            </Stack>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        {t('knowledge.chunksHelp', {
          shown: preview.chunks.length,
          total: preview.source.live?.chunkCount ?? 0,
        })}
      </Typography>
    </Box>
  );
}
