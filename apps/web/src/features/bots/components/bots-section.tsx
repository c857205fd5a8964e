import AddRounded from '@mui/icons-material/AddRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import {
  Box,
  Button,
  Card,
  Grid,
  InputAdornment,
  MenuItem,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { BotSummary, ListBotsQuery } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/session/current-user';
import { botListQuery, useDuplicateBot } from '../api/bots';
import { BotCard } from './bot-card';
import { CreateBotDialog, DeleteBotDialog, EditBotDialog } from './bot-dialogs';

const PAGE_SIZE = 12;
const sorts = [
  { value: 'updated_at:desc', sort: 'updated_at', order: 'desc' },
  { value: 'created_at:desc', sort: 'created_at', order: 'desc' },
  { value: 'name:asc', sort: 'name', order: 'asc' },
  { value: 'name:desc', sort: 'name', order: 'desc' },
] as const;

/** The company's bots: search, sort, create, rename, duplicate, delete. */
export function BotsSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation('bots');
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('bots:manage');
  const canViewReports = useCan('reports:view');
  const [search, setSearch] = useState('');
  const [sortValue, setSortValue] = useState<(typeof sorts)[number]['value']>('updated_at:desc');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<BotSummary | null>(null);
  const [deleting, setDeleting] = useState<BotSummary | null>(null);
  const duplicate = useDuplicateBot();
  const deferredSearch = useDeferredValue(search.trim());
  const sort = sorts.find((option) => option.value === sortValue) ?? sorts[0];
  const params: ListBotsQuery = {
    page,
    pageSize: PAGE_SIZE,
    search: deferredSearch,
    sort: sort.sort,
    order: sort.order,
  };
  const list = useQuery(botListQuery(params));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const isEmptyCompany = list.data?.total === 0 && !deferredSearch;

  return (
    <Box component="section" aria-labelledby="bots-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ sm: 'center' }}
        justifyContent="space-between"
        sx={{ mb: 2 }}
      >
        <Typography id="bots-title" variant="h2">
          {t('title')}
          {list.data && list.data.total > 0 && (
            <Typography
              component="span"
              color="text.secondary"
              sx={{ ml: 1, fontSize: '1rem', fontWeight: 500 }}
            >
              {list.data.total}
            </Typography>
          )}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
            {t('actions.new')}
          </Button>
        )}
      </Stack>
      {!isEmptyCompany && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2.5 }}>
          <TextField
            size="small"
            placeholder={t('search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('search') },
            }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label={t('sort.label')}
            value={sortValue}
            onChange={(event) => {
              setSortValue(event.target.value as typeof sortValue);
              setPage(1);
            }}
            sx={{ minWidth: 200 }}
            fullWidth={false}
          >
            {sorts.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {t(`sort.${option.value.replace(':', '_')}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {list.isPending ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((index) => (
            <Grid key={index} size={{ xs: 12, sm: 6, xl: 4 }}>
              <Skeleton variant="rounded" height={164} />
            </Grid>
          ))}
        </Grid>
      ) : list.error ? (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="error">{t('loadFailed')}</Typography>
          <Button sx={{ mt: 1 }} onClick={() => list.refetch()}>
            {t('actions.retry')}
          </Button>
        </Card>
      ) : isEmptyCompany ? (
        <Card sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Box
            sx={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              bgcolor: '#eef2ff',
              display: 'grid',
              placeItems: 'center',
              mx: 'auto',
              mb: 2,
            }}
          >
            <SmartToyOutlined color="primary" sx={{ fontSize: 32 }} />
          </Box>
          <Typography variant="h3" component="p">
            {t('empty.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 420, mx: 'auto' }}>
            {t('empty.body')}
          </Typography>
          {canManage && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
              {t('empty.action')}
            </Button>
          )}
        </Card>
      ) : list.data?.items.length === 0 ? (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('noMatch', { search: deferredSearch })}</Typography>
        </Card>
      ) : (
        <Grid container spacing={2}>
          {list.data?.items.map((bot) => (
            <Grid key={bot.id} size={{ xs: 12, sm: 6, xl: 4 }}>
              <BotCard
                bot={bot}
                companyId={companyId}
                can={{ manage: canManage, viewReports: canViewReports }}
                onEdit={setEditing}
                onDelete={setDeleting}
                onDuplicate={(source) =>
                  duplicate.mutate(source.id, {
                    onSuccess: () =>
                      enqueueSnackbar(t('duplicated', { name: source.name }), { variant: 'success' }),
                  })
                }
              />
            </Grid>
          ))}
        </Grid>
      )}
      {pages > 1 && (
        <Stack alignItems="center" sx={{ mt: 3 }}>
          <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} color="primary" />
        </Stack>
      )}
      <CreateBotDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(bot) => enqueueSnackbar(t('created', { name: bot.name }), { variant: 'success' })}
      />
      <EditBotDialog bot={editing} onClose={() => setEditing(null)} />
      <DeleteBotDialog bot={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
