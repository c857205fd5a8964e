import {
  Box,
  Button,
  Checkbox,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { DatasetColumn, DatasetPreview } from '@parley/contracts';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/session/current-user';
import { useUpdateDataset } from '../api/knowledge';

/** The first rows of a dataset under its detected columns; each column searchable and/or a filter. */
export function DatasetPreviewPanel({ botId, preview }: { botId: string; preview: DatasetPreview }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('bots:manage');
  const update = useUpdateDataset(botId);
  const [columns, setColumns] = useState<DatasetColumn[]>(preview.source.columns);
  const changed = JSON.stringify(columns) !== JSON.stringify(preview.source.columns);
  const toggle = (name: string, key: 'searchable' | 'filter') =>
    setColumns(columns.map((column) => (column.name === name ? { ...column, [key]: !column[key] } : column)));
  const save = () =>
    update.mutate(
      { sourceId: preview.source.id, change: { columns } },
      {
        onSuccess: () => enqueueSnackbar(t('knowledge.columnsSaved'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
      },
    );
  return (
    <Box sx={{ mt: 2 }}>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label={t('knowledge.previewOf', { name: preview.source.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('knowledge.row')}</TableCell>
              {columns.map((column) => (
                <TableCell key={column.name} sx={{ verticalAlign: 'top', minWidth: 140 }}>
                  <Stack spacing={0.5}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="subtitle2">{column.name}</Typography>
                      <Chip size="small" variant="outlined" label={t(`knowledge.type.${column.type}`)} />
                    </Stack>
                    {(['searchable', 'filter'] as const).map((key) => (
                      <Stack key={key} direction="row" sx={{ alignItems: 'center' }}>
                        <Checkbox
                          size="small"
                          sx={{ p: 0.25 }}
                          checked={column[key]}
                          disabled={!canManage}
                          onChange={() => toggle(column.name, key)}
                          slotProps={{
                            input: { 'aria-label': t(`knowledge.${key}Of`, { name: column.name }) },
                          }}
                        />
                        <Typography variant="caption">{t(`knowledge.${key}`)}</Typography>
                      </Stack>
                    ))}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row) => (
              <TableRow key={row.rowNumber}>
                <TableCell sx={{ color: 'text.secondary' }}>{row.rowNumber}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.name}>{row.cells[column.name] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={2} sx={{ mt: 1.5, alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {t('knowledge.columnsHelp', {
            shown: preview.rows.length,
            total: preview.source.live?.rowCount ?? 0,
          })}
        </Typography>
        {canManage && (
          <Button variant="contained" disabled={!changed || update.isPending} onClick={save}>
            {t('knowledge.saveColumns')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
