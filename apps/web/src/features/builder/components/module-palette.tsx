import { Box, ButtonBase, ListItemIcon, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { type ModuleType, moduleTypes } from '@parley/modules';
import { moduleLooks } from '@parley/modules/panels';
import { useTranslation } from 'react-i18next';
import type { BuilderStore } from '../model/builder-store';
import { useModuleWords, useNewModule } from '../model/module-words';
import { addModuleInView } from '../model/new-module-placement';

/**
 * Every module type; a click adds one where you are looking (beside the selected module, or in
 * the middle of the view), covering no other, ready to connect.
 */
export function ModulePalette({ store }: { store: BuilderStore }) {
  const { t } = useTranslation('builder');
  const words = useModuleWords();
  const newModule = useNewModule();

  const add = (type: ModuleType) => addModuleInView(store, type, newModule(type));

  return (
    <Box component="nav" aria-label={t('palette.label')} sx={{ p: 1 }}>
      <Stack spacing={0.25}>
        {moduleTypes.map((type) => {
          const { icon: Icon, color } = moduleLooks[type];
          return (
            <ButtonBase
              key={type}
              onClick={() => add(type)}
              aria-label={t('palette.add', { type: words.typeName(type) })}
              sx={{
                justifyContent: 'flex-start',
                gap: 1,
                px: 1,
                py: 0.75,
                borderRadius: 2,
                '&:hover': { bgcolor: '#f1f5f9' },
              }}
            >
              <Box
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 24,
                  height: 24,
                  borderRadius: 1.5,
                  bgcolor: `${color}1a`,
                  color,
                }}
              >
                <Icon sx={{ fontSize: 16 }} />
              </Box>
              <Typography variant="body2" fontWeight={550} sx={{ textAlign: 'left' }}>
                {words.typeName(type)}
              </Typography>
            </ButtonBase>
          );
        })}
      </Stack>
    </Box>
  );
}

/** The module types as a menu at a point (a connection dropped on empty canvas). */
export function ModuleTypeMenu({
  anchor,
  onClose,
  onChoose,
}: {
  anchor: { x: number; y: number } | null;
  onClose(): void;
  /** With the new module's name and content in the user's language. */
  onChoose(type: ModuleType, fresh: { name: string; content: unknown }): void;
}) {
  const { t } = useTranslation('builder');
  const words = useModuleWords();
  const newModule = useNewModule();
  return (
    <Menu
      open={anchor !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={anchor ? { left: anchor.x, top: anchor.y } : undefined}
      slotProps={{ list: { 'aria-label': t('palette.connectNew'), dense: true } }}
    >
      {moduleTypes.map((type) => {
        const { icon: Icon, color } = moduleLooks[type];
        return (
          <MenuItem key={type} onClick={() => onChoose(type, newModule(type))}>
            <ListItemIcon sx={{ color }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            {words.typeName(type)}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
