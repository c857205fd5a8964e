import changelog from 'virtual:changelog';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { entriesFor, featureEntries, longUsDate } from '../model/changelog-model';
import { TypeBadge, VersionBadge } from './changelog-bits';

const LATEST = 4;

/** The latest public entries, linking to the full history. */
export function LatestChangesCard() {
  const { t } = useTranslation('changelog');
  const latest = entriesFor(changelog, false).slice(0, LATEST);
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1.5 }}>
          <Typography variant="h3" component="h2">
            {t('card.title')}
          </Typography>
          <Button size="small" endIcon={<ArrowForwardRounded />} component={RouterLink} to="/v2/changelog">
            {t('card.all')}
          </Button>
        </Stack>
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {latest.map((entry) => (
            <Box key={entry.id}>
              {/* Entries are published in English, whatever the reader's language (spec §2). */}
              <Typography fontWeight={600} lang="en">
                {entry.title}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                alignItems="center"
                sx={{ mt: 0.75 }}
                flexWrap="wrap"
                useFlexGap
              >
                <Typography variant="body2" color="text.secondary" lang="en">
                  {longUsDate(entry.date)}
                </Typography>
                <VersionBadge version={entry.version} />
                <TypeBadge type={entry.type} />
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** New features and improvements, filterable by category and searchable. */
export function NewFeaturesCard() {
  const { t } = useTranslation('changelog');
  const [category, setCategory] = useState<'all' | 'feature' | 'improvement'>('all');
  const [search, setSearch] = useState('');
  const items = featureEntries(changelog, category, search).slice(0, 6);
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('features.title')}
        </Typography>
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          <ToggleButtonGroup
            value={category}
            exclusive
            size="small"
            onChange={(_, next) => next && setCategory(next)}
            aria-label={t('category.label')}
          >
            <ToggleButton value="all">{t('category.all')}</ToggleButton>
            <ToggleButton value="feature">{t('category.feature')}</ToggleButton>
            <ToggleButton value="improvement">{t('category.improvement')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            size="small"
            placeholder={t('features.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('features.search') },
            }}
          />
        </Stack>
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1.5}>
            {items.map((entry) => (
              <Box key={entry.id}>
                <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
                  <TypeBadge type={entry.type} />
                  <Typography variant="body2" color="text.secondary" lang="en">
                    {longUsDate(entry.date)}
                  </Typography>
                </Stack>
                <Typography fontWeight={600} lang="en">
                  {entry.title}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
