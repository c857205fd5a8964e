import changelog from 'virtual:changelog';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ChangelogEntry } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useReducer, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentUserQuery } from '../../../shared/session/current-user';
import {
  ALL_VERSIONS,
  type Category,
  categories,
  categoryFrom,
  changelogReducer,
  filterEntries,
  initialView,
  longUsDate,
  type PageSize,
  pageOf,
  pageSizes,
  type Source,
  statsFor,
  versionOptions,
} from '../model/changelog-model';
import { EntryBody, TypeBadge, VersionBadge, VisibilityBadge } from './changelog-bits';

function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, mt: 0.5 }}>{value}</Typography>
      </CardContent>
    </Card>
  );
}

function TimelineEntry({
  entry,
  internalUser,
  last,
}: {
  entry: ChangelogEntry;
  internalUser: boolean;
  last: boolean;
}) {
  const { t } = useTranslation('changelog');
  return (
    <Box
      component="article"
      sx={{ display: 'grid', gridTemplateColumns: '24px 1fr', columnGap: 2 }}
      data-testid="changelog-entry"
    >
      <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center' }}>
        <Box
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            mt: 2.25,
            boxShadow: '0 0 0 4px #e0e7ff',
            zIndex: 1,
          }}
          aria-hidden
        />
        {!last && (
          <Box sx={{ position: 'absolute', top: 28, bottom: -8, width: 2, bgcolor: '#c7d2fe' }} aria-hidden />
        )}
      </Box>
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
            <VersionBadge version={entry.version} />
            <TypeBadge type={entry.type} />
            {internalUser && <VisibilityBadge visibility={entry.visibility} />}
          </Stack>
          {/* Entries are published in English, whatever the reader's language (spec §2). */}
          <Typography variant="h3" component="h2" lang="en">
            {entry.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            <span lang="en">{longUsDate(entry.date)}</span> · {t('by', { author: entry.author })}
          </Typography>
          <Box lang="en">
            <EntryBody markdown={entry.body} />
          </Box>
          {entry.tags.length > 0 && (
            <Stack direction="row" spacing={0.75} flexWrap="wrap" useFlexGap sx={{ mt: 1.5 }}>
              {entry.tags.map((tag) => (
                <Chip key={tag} size="small" label={`#${tag}`} variant="outlined" />
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** `/v2/changelog`: the product's history, filtered by source (staff only), version and category. */
export function ChangelogPage() {
  const { t } = useTranslation('changelog');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const internalUser = user.company.company_type === 'Internal';
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  const [view, dispatch] = useReducer(changelogReducer, initialView(internalUser, category));
  const [busy, startTransition] = useTransition();
  const act = (action: Parameters<typeof dispatch>[0]) => startTransition(() => dispatch(action));
  // The category lives in the address, so it survives a reload and can be shared.
  const current = { ...view, category };
  const stats = statsFor(changelog, internalUser);
  const versions = versionOptions(changelog, internalUser);
  const filtered = filterEntries(changelog, current);
  const { items, page, pages } = pageOf(filtered, view.page, view.pageSize);

  const chooseCategory = (next: Category) => {
    act({ type: 'category', category: next });
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === 'all') updated.delete('category');
      else updated.set('category', next);
      return updated;
    });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Box>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle')}
        </Typography>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: internalUser ? 3 : 6 }}>
          <StatCard label={t('stats.total')} value={stats.totalEntries} />
        </Grid>
        {internalUser && (
          <>
            <Grid size={{ xs: 6, md: 3 }}>
              <StatCard label={t('stats.public')} value={stats.publicEntries} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <StatCard label={t('stats.internal')} value={stats.internalEntries} />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 6, md: internalUser ? 3 : 6 }}>
          <StatCard label={t('stats.latest')} value={stats.latestVersion ? `v${stats.latestVersion}` : '—'} />
        </Grid>
      </Grid>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {internalUser && (
                <TextField
                  select
                  label={t('source.label')}
                  value={view.source}
                  onChange={(event) => act({ type: 'source', source: event.target.value as Source })}
                  disabled={busy}
                >
                  <MenuItem value="public">{t('source.public')}</MenuItem>
                  <MenuItem value="internal">{t('source.internal')}</MenuItem>
                </TextField>
              )}
              <TextField
                select
                label={t('version.label')}
                value={view.version}
                onChange={(event) => act({ type: 'version', version: event.target.value })}
                disabled={busy}
              >
                <MenuItem value={ALL_VERSIONS}>{t('version.all')}</MenuItem>
                {versions.map((version) => (
                  <MenuItem key={version} value={version}>
                    v{version}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('pageSize.label')}
                value={view.pageSize}
                onChange={(event) =>
                  act({ type: 'pageSize', pageSize: Number(event.target.value) as PageSize })
                }
                disabled={busy}
              >
                {pageSizes.map((size) => (
                  <MenuItem key={size} value={size}>
                    {size}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <ToggleButtonGroup
              value={category}
              exclusive
              onChange={(_, next: Category | null) => next && chooseCategory(next)}
              size="small"
              aria-label={t('category.label')}
              sx={{
                flexWrap: 'wrap',
                gap: 0.5,
                '& .MuiToggleButton-root': {
                  borderRadius: '999px !important',
                  border: '1px solid',
                  borderColor: 'divider',
                  px: 1.75,
                  textTransform: 'none',
                },
              }}
            >
              {categories.map((name) => (
                <ToggleButton key={name} value={name} disabled={busy}>
                  {t(`category.${name}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        </CardContent>
      </Card>
      {items.length === 0 ? (
        <Card sx={{ p: 5, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('empty')}</Typography>
        </Card>
      ) : (
        <Box>
          {items.map((entry, index) => (
            <TimelineEntry
              key={entry.id}
              entry={entry}
              internalUser={internalUser}
              last={index === items.length - 1}
            />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Stack
          direction="row"
          spacing={2}
          alignItems="center"
          justifyContent="center"
          component="nav"
          aria-label={t('paging.label')}
        >
          <Button
            variant="outlined"
            onClick={() => act({ type: 'previous', pages })}
            disabled={page <= 1 || busy}
          >
            {t('paging.previous')}
          </Button>
          <Typography>{t('paging.position', { page, pages })}</Typography>
          <Button
            variant="outlined"
            onClick={() => act({ type: 'next', pages })}
            disabled={page >= pages || busy}
          >
            {t('paging.next')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
