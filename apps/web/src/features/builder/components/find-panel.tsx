import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  Box,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { FlowModule } from '@parley/flow';
import { moduleLooks } from '@parley/modules/panels';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderStore } from '../model/builder-store';
import { FIND_INPUT_ID } from '../model/commands';
import { useModuleWords } from '../model/module-words';

/** Every piece of text in a module's content (messages, button labels, prompts, URLs, …). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** Finds modules by name, id or content (as of the last pause in editing), and jumps to one. */
export function FindPanel({ store, modules }: { store: BuilderStore; modules: FlowModule[] }) {
  const { t } = useTranslation('builder');
  const words = useModuleWords();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const results = useMemo(() => {
    if (!deferred) return [];
    return modules
      .map((module) => {
        const lines = words.summary(module);
        const inContent = textsOf(module.content).find((text) => text.toLowerCase().includes(deferred));
        const inName = `${module.name} ${module.id}`.toLowerCase().includes(deferred);
        return inName || inContent ? { module, line: inContent ?? lines[0] ?? '' } : undefined;
      })
      .filter((result) => result !== undefined)
      .slice(0, 100);
  }, [modules, deferred, words]);
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <TextField
        id={FIND_INPUT_ID}
        autoFocus
        size="small"
        placeholder={t('find.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': t('find.label') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {deferred && (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('find.results', { count: results.length })}
        </Typography>
      )}
      <List dense disablePadding aria-label={t('find.resultsLabel')}>
        {results.map(({ module, line }) => {
          const { icon: Icon, color } = moduleLooks[module.type];
          return (
            <ListItemButton
              key={module.id}
              onClick={() => store.getState().focus(module.id)}
              sx={{ borderRadius: 1.5, gap: 1 }}
            >
              <Box sx={{ color, display: 'flex' }}>
                <Icon fontSize="small" />
              </Box>
              <ListItemText
                primary={module.name || module.id}
                secondary={line}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          );
        })}
      </List>
    </Stack>
  );
}
