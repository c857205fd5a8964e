import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promptVersionQuery, promptVersionsQuery } from '../api/prompts';
import { lineDiff } from '../model/line-diff';

const LOOKS = {
  same: { sign: ' ', bg: 'transparent', color: 'text.primary' },
  removed: { sign: '−', bg: '#fef2f2', color: '#991b1b' },
  added: { sign: '+', bg: '#f0fdf4', color: '#166534' },
} as const;

/** Any two saved versions of a prompt, side by side as one line diff of their templates. */
export function PromptDiff({ id, current }: { id: string; current: number }) {
  const { t, i18n } = useTranslation('agents');
  const versions = useQuery(promptVersionsQuery(id)).data?.versions ?? [];
  const [from, setFrom] = useState(Math.max(1, current - 1));
  const [to, setTo] = useState(current);
  const before = useQuery(promptVersionQuery(id, from)).data;
  const after = useQuery(promptVersionQuery(id, to)).data;
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const picker = (label: string, value: number, onChange: (version: number) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={versions.some((each) => each.version === value) ? value : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ flex: 1 }}
    >
      {versions.map((each) => (
        <MenuItem key={each.version} value={each.version}>
          {t('prompts.versionBy', { version: each.version, by: each.createdBy, at: format(each.createdAt) })}
        </MenuItem>
      ))}
    </TextField>
  );
  const lines = before && after ? lineDiff(before.definition.template, after.definition.template) : [];
  const changes = lines.filter((line) => line.kind !== 'same').length;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {picker(t('prompts.compareFrom'), from, setFrom)}
        {picker(t('prompts.compareTo'), to, setTo)}
      </Stack>
      {before && after && (
        <>
          <Typography variant="body2" color="text.secondary">
            {changes === 0 ? t('prompts.noChanges') : t('prompts.changes', { count: changes })}
            {before.name !== after.name &&
              ` · ${t('prompts.renamed', { from: before.name, to: after.name })}`}
          </Typography>
          <Box
            role="table"
            aria-label={t('prompts.diff')}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'auto',
              maxHeight: 420,
              fontFamily: 'monospace',
              fontSize: 13,
            }}
          >
            {lines.map((line, index) => {
              const look = LOOKS[line.kind];
              return (
                <Box
                  // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are positional
                  key={index}
                  role="row"
                  data-diff={line.kind}
                  sx={{ display: 'flex', bgcolor: look.bg, color: look.color, px: 1, whiteSpace: 'pre-wrap' }}
                >
                  <Box component="span" sx={{ width: 18, flexShrink: 0, userSelect: 'none' }} aria-hidden>
                    {look.sign}
                  </Box>
                  <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {line.text || '\u00a0'}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </Stack>
  );
}
