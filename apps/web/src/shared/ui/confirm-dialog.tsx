import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';

/**
 * Asks before something that cannot be undone (delete, revoke). While it runs the button waits;
 * a refusal from the server shows in place, and the dialog stays open to try again or cancel.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  error?: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before removing a named thing (delete, revoke), then removes it with `removal`: the list
 * pages' one way of doing it. Once it is gone the snackbar says so and `onRemoved` follows.
 */
export function ConfirmRemoval<T extends { id: string; name: string }>({
  target,
  removal,
  words,
  cancelLabel,
  onClose,
  onRemoved,
}: {
  /** What is asked about; null keeps the dialog closed. */
  target: T | null;
  removal: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending' | 'error'>;
  words: (name: string) => { title: string; text: string; confirm: string; removed: string };
  cancelLabel: string;
  onClose: () => void;
  onRemoved?: (target: T) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const said = words(target?.name ?? '');
  return (
    <ConfirmDialog
      open={target !== null}
      title={said.title}
      text={said.text}
      confirmLabel={said.confirm}
      cancelLabel={cancelLabel}
      pending={removal.isPending}
      error={removal.error}
      onClose={onClose}
      onConfirm={() =>
        target &&
        removal.mutate(target.id, {
          onSuccess: () => {
            enqueueSnackbar(said.removed, { variant: 'success' });
            onClose();
            onRemoved?.(target);
          },
        })
      }
    />
  );
}
