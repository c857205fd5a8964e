import { Box, Typography } from '@mui/material';
import type { MessageCitation } from '@parley/contracts';

/**
 * An answer's citations as the widget shows them, numbered as the answer cites them: the source,
 * the row (`#12`) and the row's key columns.
 */
export function CitationList({ citations, label }: { citations: MessageCitation[]; label: string }) {
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ p: 0, m: 0, mt: 1, pt: 0.75, borderTop: '1px solid', borderColor: 'divider', listStyle: 'none' }}
    >
      {citations.map((citation, index) => (
        <Typography
          key={`${citation.sourceId}:${citation.rowNumber ?? index}`}
          component="li"
          variant="caption"
          sx={{ display: 'block', color: 'text.secondary' }}
        >
          <Box component="span" sx={{ fontWeight: 700, color: 'text.primary', mr: 0.5 }}>
            [{index + 1}]
          </Box>
          {citation.sourceName}
          {citation.rowNumber !== undefined && ` · #${citation.rowNumber}`}
          {citation.heading && ` · ${citation.heading}`}
          {citation.keys.length > 0 &&
            ` · ${citation.keys.map((key) => `${key.column}: ${key.value}`).join(', ')}`}
        </Typography>
      ))}
    </Box>
  );
}
