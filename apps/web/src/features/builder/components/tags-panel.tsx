import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import PushPinRounded from '@mui/icons-material/PushPinRounded';
import {
  Box,
  Button,
  ButtonBase,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { addTag, removeTag, TAG_COLORS } from '../model/flow-edits';

function ColorSwatches({ value, onChange }: { value: string; onChange(color: string): void }) {
  const { t } = useTranslation('builder');
  return (
    <Stack direction="row" spacing={0.75} role="radiogroup" aria-label={t('tags.color')}>
      {TAG_COLORS.map((color) => (
        <ButtonBase
          key={color}
          role="radio"
          aria-checked={value === color}
          aria-label={color}
          onClick={() => onChange(color)}
          sx={{
            width: 22,
            height: 22,
            borderRadius: '50%',
            bgcolor: color,
            outline: value === color ? `2px solid ${color}` : 'none',
            outlineOffset: 2,
          }}
        />
      ))}
    </Stack>
  );
}

/**
 * Tags: create and colour them; a click pins one, so its modules stay highlighted on the canvas
 * and listed here while you work.
 */
export function TagsPanel({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const tags = useStore(store, (state) => state.flow.tags);
  const modules = useStore(store, (state) => state.flow.modules);
  const pinned = useStore(store, (state) => state.pinnedTags);
  const [name, setName] = useState('');
  const [color, setColor] = useState(TAG_COLORS[0] ?? '#6366f1');
  const apply = store.getState().apply;
  const taken = tags.some((tag) => tag.name.toLowerCase() === name.trim().toLowerCase());
  const create = () => {
    if (!name.trim() || taken) return;
    const added = addTag(store.getState().flow, name, color);
    apply(() => added.flow);
    setName('');
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack
        spacing={1}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <TextField
          size="small"
          label={t('tags.newTag')}
          value={name}
          onChange={(event) => setName(event.target.value.slice(0, 60))}
          error={taken}
          helperText={taken ? t('tags.taken') : undefined}
        />
        <ColorSwatches value={color} onChange={setColor} />
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={!name.trim() || taken}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('tags.create')}
        </Button>
      </Stack>
      {tags.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('tags.none')}
        </Typography>
      )}
      {tags.map((tag) => {
        const tagged = modules.filter((module) => module.tags.includes(tag.id));
        const isPinned = pinned.includes(tag.id);
        return (
          <Box
            key={tag.id}
            role="group"
            aria-label={tag.name}
            data-tag-id={tag.id}
            sx={{ border: '1px solid', borderColor: isPinned ? tag.color : 'divider', borderRadius: 2, p: 1 }}
          >
            <Stack direction="row" alignItems="center" spacing={1}>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color, flexShrink: 0 }} />
              <Typography variant="body2" fontWeight={650} sx={{ flex: 1 }} noWrap>
                {tag.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('tags.modules', { count: tagged.length })}
              </Typography>
              <Tooltip title={isPinned ? t('tags.unpin') : t('tags.pin')}>
                <IconButton
                  size="small"
                  aria-pressed={isPinned}
                  aria-label={t('tags.pinNamed', { name: tag.name })}
                  onClick={() => store.getState().togglePinnedTag(tag.id)}
                  sx={{ color: isPinned ? tag.color : undefined }}
                >
                  {isPinned ? <PushPinRounded fontSize="small" /> : <PushPinOutlined fontSize="small" />}
                </IconButton>
              </Tooltip>
              <Tooltip title={t('tags.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('tags.deleteNamed', { name: tag.name })}
                  onClick={() => {
                    if (isPinned) store.getState().togglePinnedTag(tag.id);
                    apply((flow) => removeTag(flow, tag.id));
                  }}
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
            {isPinned && (
              <List dense disablePadding sx={{ mt: 0.5 }}>
                {tagged.length === 0 && (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
                    {t('tags.noModules')}
                  </Typography>
                )}
                {tagged.map((module) => (
                  <ListItemButton
                    key={module.id}
                    sx={{ borderRadius: 1.5, py: 0.25 }}
                    onClick={() => store.getState().focus(module.id)}
                  >
                    <ListItemText
                      primary={module.name || module.id}
                      slotProps={{ primary: { noWrap: true } }}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
