import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { type BotLanguage, type BotSummary, botLanguageSchema } from '@parley/contracts';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateBot, useDeleteBot, useUpdateBot } from '../api/bots';

interface BotForm {
  name: string;
  language: BotLanguage;
}

function useNameRules() {
  const { t } = useTranslation('bots');
  return {
    validate: (value: string) => {
      const name = value.trim();
      if (!name) return t('validation.nameRequired');
      if (name.length > 80) return t('validation.nameLength');
      if (/[<>]/.test(name)) return t('validation.nameMarkup');
      return true;
    },
  };
}

function LanguageField({
  register,
  value,
}: {
  register: ReturnType<typeof useForm<BotForm>>['register'];
  value: BotLanguage;
}) {
  const { t } = useTranslation('bots');
  return (
    <TextField
      select
      label={t('fields.language')}
      value={value}
      {...register('language')}
      helperText={t('fields.languageHelp')}
    >
      {botLanguageSchema.options.map((code) => (
        <MenuItem key={code} value={code}>
          {t(`languages.${code}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CreateBotDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (bot: BotSummary) => void;
}) {
  const { t, i18n } = useTranslation('bots');
  const create = useCreateBot();
  const rules = useNameRules();
  const defaultLanguage = (botLanguageSchema.options as readonly string[]).includes(
    i18n.resolvedLanguage ?? '',
  )
    ? (i18n.resolvedLanguage as BotLanguage)
    : 'en';
  const { register, handleSubmit, formState, reset, watch } = useForm<BotForm>({
    defaultValues: { name: '', language: defaultLanguage },
  });
  const close = () => {
    reset();
    create.reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (bot) => {
        close();
        onCreated(bot);
      },
    }),
  );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {create.error && <Alert severity="error">{create.error.message}</Alert>}
            <TextField
              label={t('fields.name')}
              autoFocus
              {...register('name', rules)}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message ?? t('fields.nameHelp')}
            />
            <LanguageField register={register} value={watch('language')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? t('create.creating') : t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function EditBotDialog({ bot, onClose }: { bot: BotSummary | null; onClose: () => void }) {
  const { t } = useTranslation('bots');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBot();
  const rules = useNameRules();
  const { register, handleSubmit, formState, watch } = useForm<BotForm>({
    values: { name: bot?.name ?? '', language: bot?.language ?? 'en' },
  });
  const onSubmit = handleSubmit((values) => {
    if (!bot) return;
    update.mutate(
      { id: bot.id, name: values.name, language: values.language },
      {
        onSuccess: () => {
          enqueueSnackbar(t('edit.saved'), { variant: 'success' });
          onClose();
        },
      },
    );
  });
  return (
    <Dialog open={bot !== null} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{t('edit.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {update.error && <Alert severity="error">{update.error.message}</Alert>}
            <TextField
              label={t('fields.name')}
              autoFocus
              {...register('name', rules)}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
            />
            <LanguageField register={register} value={watch('language')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending || !formState.isDirty}>
            {t('edit.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function DeleteBotDialog({ bot, onClose }: { bot: BotSummary | null; onClose: () => void }) {
  const { t } = useTranslation('bots');
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteBot();
  return (
    <Dialog open={bot !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('delete.title', { name: bot?.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() =>
            bot &&
            remove.mutate(bot.id, {
              onSuccess: () => {
                enqueueSnackbar(t('delete.done', { name: bot.name }), { variant: 'success' });
                onClose();
              },
            })
          }
        >
          {t('delete.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
