import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateQaDocument } from '../api/knowledge';

const emptyPair = () => ({ question: '', answer: '' });

/** Pasted questions and answers made into a document: each pair one passage, under its question. */
export function QaDialog({ botId, open, onClose }: { botId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('webchat');
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateQaDocument(botId);
  const [name, setName] = useState('');
  const [pairs, setPairs] = useState([emptyPair()]);
  const filled = pairs.filter((pair) => pair.question.trim() && pair.answer.trim());
  const change = (index: number, key: 'question' | 'answer', value: string) =>
    setPairs(pairs.map((pair, each) => (each === index ? { ...pair, [key]: value } : pair)));
  const close = () => {
    setName('');
    setPairs([emptyPair()]);
    onClose();
  };
  const save = () =>
    create.mutate(
      { name: name.trim(), pairs: filled },
      {
        onSuccess: close,
        onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
      },
    );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="qa-dialog-title">
      <DialogTitle id="qa-dialog-title">{t('knowledge.qa.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('knowledge.qa.help')}
          </Typography>
          <TextField
            label={t('knowledge.qa.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            required
          />
          {pairs.map((pair, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no identity but their place
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Stack spacing={1} sx={{ flex: 1 }}>
                <TextField
                  size="small"
                  label={t('knowledge.qa.question', { number: index + 1 })}
                  value={pair.question}
                  onChange={(event) => change(index, 'question', event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
                <TextField
                  size="small"
                  multiline
                  minRows={2}
                  label={t('knowledge.qa.answer', { number: index + 1 })}
                  value={pair.answer}
                  onChange={(event) => change(index, 'answer', event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 5000 } }}
                />
              </Stack>
              <IconButton
                aria-label={t('knowledge.qa.remove', { number: index + 1 })}
                disabled={pairs.length === 1}
                onClick={() => setPairs(pairs.filter((_, each) => each !== index))}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<Add />}
            sx={{ alignSelf: 'flex-start' }}
            disabled={pairs.length >= 500}
            onClick={() => setPairs([...pairs, emptyPair()])}
          >
            {t('knowledge.qa.add')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('knowledge.qa.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!name.trim() || filled.length === 0 || create.isPending}
          onClick={save}
        >
          {t('knowledge.qa.save', { count: filled.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
