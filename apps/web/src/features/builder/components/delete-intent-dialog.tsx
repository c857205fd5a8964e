import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { Flow } from '@parley/flow';
import { useTranslation } from 'react-i18next';
import { intentUses } from '../model/intents';

/** The names of the routers and global connections that use an intent, for the delete warning. */
export function usesOf(flow: Flow, name: string) {
  const uses = intentUses(flow, name);
  return {
    routers: uses.routers.map((id) => {
      const module = flow.modules.find((candidate) => candidate.id === id);
      return module?.name || id;
    }),
    globals: uses.globals.map((id) => {
      const global = flow.globalConnections.find((candidate) => candidate.id === id);
      return global?.name || id;
    }),
  };
}

/** Asks before deleting an intent that routers or global connections use, saying what happens. */
export function DeleteIntentDialog({
  name,
  uses,
  onCancel,
  onConfirm,
}: {
  name: string;
  uses: { routers: string[]; globals: string[] };
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation('builder');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="delete-intent-title">
      <DialogTitle id="delete-intent-title">{t('intents.confirmDelete.title', { name })}</DialogTitle>
      <DialogContent>
        {uses.routers.length > 0 && (
          <DialogContentText>
            {t('intents.confirmDelete.routers', {
              count: uses.routers.length,
              names: uses.routers.join(', '),
            })}
          </DialogContentText>
        )}
        {uses.globals.length > 0 && (
          <DialogContentText sx={{ mt: 1 }}>
            {t('intents.confirmDelete.globals', {
              count: uses.globals.length,
              names: uses.globals.join(', '),
            })}
          </DialogContentText>
        )}
        <DialogContentText sx={{ mt: 1 }}>{t('intents.confirmDelete.undo')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('intents.confirmDelete.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('intents.confirmDelete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
