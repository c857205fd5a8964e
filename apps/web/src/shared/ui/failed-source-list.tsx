import { Box, Chip, Stack, type SxProps, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Knowledge sources left out of a picker because their file failed: each by name, marked failed,
 * with why (the agent editor and generative answers list them alike).
 */
export function FailedSourceList<Source extends { id: string; name: string }>({
  heading,
  failedLabel,
  sources,
  reason,
  detail,
  sx,
}: {
  heading: string;
  failedLabel: string;
  sources: Source[];
  reason: (source: Source) => string;
  /** More about a source, beside its name (whose bot it is). */
  detail?: (source: Source) => ReactNode;
  sx?: SxProps;
}) {
  return (
    <Box role="group" aria-label={heading} sx={sx}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {heading}
      </Typography>
      <Stack spacing={0.75} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {sources.map((source) => (
          <Box component="li" key={source.id}>
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography variant="body2">{source.name}</Typography>
              <Chip size="small" variant="outlined" color="error" label={failedLabel} />
              {detail && (
                <Typography variant="caption" color="text.secondary">
                  {detail(source)}
                </Typography>
              )}
            </Stack>
            <Typography variant="caption" color="error" component="div">
              {reason(source)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
