import { ArrowDownwardRounded, ArrowUpwardRounded, FileDownloadOutlined } from '@mui/icons-material';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, downloadCsv } from '../model/csv';

/** Numbers, shares, money and days in the reader's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
    const day = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
    return {
      number: (value: number) => number.format(value),
      /** Axis ticks: 12K rather than 12,000, so big figures fit beside a chart. */
      compact: (value: number) => compact.format(value),
      percent: (value: number | null) => (value === null ? '—' : percent.format(value)),
      money: (value: number) => money.format(value),
      day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      longDay: (iso: string) => longDay.format(new Date(`${iso}T00:00:00Z`)),
      time: (iso: string) => time.format(new Date(iso)),
    };
  }, [language]);
}

export function ReportCard({
  title,
  subtitle,
  action,
  children,
  id,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      id={id}
      sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3.5, minWidth: 0 }}
    >
      <Stack
        direction="row"
        alignItems="flex-start"
        justifyContent="space-between"
        spacing={2}
        sx={{ mb: 1.5 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function CsvButton<Row>({
  fileName,
  columns,
  rows,
  label,
}: {
  fileName: string;
  columns: CsvColumn<Row>[];
  rows: Row[];
  label?: string;
}) {
  const { t } = useTranslation('reports');
  return (
    <Button
      size="small"
      variant="text"
      startIcon={<FileDownloadOutlined />}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(fileName, columns, rows)}
      aria-label={label ?? t('csv.export')}
      sx={{ flexShrink: 0 }}
    >
      {t('csv.button')}
    </Button>
  );
}

/** A figure, how it moved against the previous period, and whether that is good. */
export function KpiTile({
  label,
  value,
  change,
  higherIsBetter = true,
  help,
  children,
}: {
  label: string;
  value: string;
  /** Relative change (0.1 = +10 %) or null when there is nothing to compare with. */
  change?: { text: string; direction: 'up' | 'down' | 'flat' } | null;
  higherIsBetter?: boolean;
  help?: string;
  children?: ReactNode;
}) {
  const good = change && change.direction !== 'flat' && (change.direction === 'up') === higherIsBetter;
  const color =
    !change || change.direction === 'flat' ? 'text.secondary' : good ? 'success.main' : 'error.main';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderRadius: 3, minWidth: 0, height: '100%' }}
      role="group"
      aria-label={label}
    >
      <Tooltip title={help ?? ''} placement="top-start" describeChild>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
      </Tooltip>
      <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.25, mt: 0.5 }} data-kpi-value>
        {value}
      </Typography>
      {change && (
        <Stack direction="row" alignItems="center" spacing={0.25} sx={{ color, mt: 0.25 }}>
          {change.direction === 'up' && <ArrowUpwardRounded sx={{ fontSize: 16 }} />}
          {change.direction === 'down' && <ArrowDownwardRounded sx={{ fontSize: 16 }} />}
          <Typography variant="body2" sx={{ color: 'inherit', fontWeight: 600 }}>
            {change.text}
          </Typography>
        </Stack>
      )}
      {children}
    </Paper>
  );
}

/** How a count moved between two periods, as a tile shows it. */
export function useChange() {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  return {
    count(current: number, previous: number | null | undefined) {
      if (previous === null || previous === undefined) return null;
      if (previous === 0)
        return current === 0
          ? { text: t('change.same'), direction: 'flat' as const }
          : { text: t('change.new'), direction: 'up' as const };
      const ratio = (current - previous) / previous;
      return {
        text: t('change.vsPrevious', { change: `${ratio > 0 ? '+' : ''}${format.percent(ratio)}` }),
        direction: ratio > 0 ? ('up' as const) : ratio < 0 ? ('down' as const) : ('flat' as const),
      };
    },
    rate(current: number | null, previous: number | null | undefined) {
      if (previous === null || previous === undefined || current === null) return null;
      const points = (current - previous) * 100;
      const rounded = Math.round(points * 10) / 10;
      return {
        text: t('change.points', { points: `${rounded > 0 ? '+' : ''}${format.number(rounded)}` }),
        direction: rounded > 0 ? ('up' as const) : rounded < 0 ? ('down' as const) : ('flat' as const),
      };
    },
  };
}

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  width?: number | string;
}

export function ReportTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  label,
}: {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  empty: string;
  label: string;
}) {
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" variant="body2" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.header}
                align={column.align}
                sx={{ width: column.width, fontWeight: 650, bgcolor: 'background.paper' }}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)} hover>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} sx={{ wordBreak: 'break-word' }}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function UpdatedNote({ updatedAt }: { updatedAt: string | null }) {
  const { t } = useTranslation('reports');
  const format = useFormatters();
  return (
    <Typography variant="caption" color="text.secondary">
      {updatedAt ? t('updated', { time: format.time(updatedAt) }) : t('updatedNever')}
      {' · '}
      {t('utcNote')}
    </Typography>
  );
}
