import SendRounded from '@mui/icons-material/SendRounded';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { Alert, Box, Button, Stack, Tab, Tabs, TextField } from '@mui/material';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { useAgentReply, useInternalNote } from '../api/inbox-api';

type Mode = 'reply' | 'note';

/**
 * Where the agent writes: a reply to the user (only with control) or a note for the team. Enter
 * sends, Shift+Enter starts a new line; a failed send keeps the text.
 */
export function Composer({
  companyId,
  conversationId,
  canReply,
  replyHint,
}: {
  companyId: string | undefined;
  conversationId: string;
  canReply: boolean;
  replyHint: string | null;
}) {
  const { t } = useTranslation('inbox');
  const [mode, setMode] = useState<Mode>('reply');
  const [drafts, setDrafts] = useState<Record<Mode, string>>({ reply: '', note: '' });
  // Taking over brings the reply box forward.
  useEffect(() => {
    if (canReply) setMode('reply');
  }, [canReply]);
  const reply = useAgentReply(companyId, conversationId);
  const note = useInternalNote(companyId, conversationId);
  const action = mode === 'reply' ? reply : note;
  const text = drafts[mode];
  const disabled = mode === 'reply' && !canReply;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || disabled || action.isPending) return;
    action.mutate(value, { onSuccess: () => setDrafts((old) => ({ ...old, [mode]: '' })) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const error = action.error;

  return (
    <Box
      component="form"
      onSubmit={send}
      sx={{
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: mode === 'note' ? '#fffbeb' : 'background.paper',
        px: 2,
        pb: 1.5,
      }}
    >
      <Tabs
        value={mode}
        onChange={(_, value: Mode) => {
          setMode(value);
          reply.reset();
          note.reset();
        }}
        sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 } }}
      >
        <Tab value="reply" label={t('composer.reply')} />
        <Tab
          value="note"
          label={t('composer.note')}
          icon={<StickyNote2Outlined fontSize="small" />}
          iconPosition="start"
        />
      </Tabs>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => action.reset()}>
          {isApiError(error) ? error.message : t('composer.failed')}
        </Alert>
      )}
      <Stack direction="row" spacing={1} alignItems="flex-end">
        <TextField
          multiline
          maxRows={8}
          minRows={2}
          size="small"
          value={text}
          disabled={disabled}
          onChange={(event) => setDrafts((old) => ({ ...old, [mode]: event.target.value.slice(0, 4000) }))}
          onKeyDown={onKeyDown}
          placeholder={
            disabled
              ? (replyHint ?? '')
              : mode === 'reply'
                ? t('composer.replyPlaceholder')
                : t('composer.notePlaceholder')
          }
          slotProps={{
            htmlInput: {
              'aria-label': mode === 'reply' ? t('composer.replyLabel') : t('composer.noteLabel'),
            },
          }}
          sx={{ bgcolor: 'background.paper' }}
        />
        <Button
          type="submit"
          variant="contained"
          color={mode === 'note' ? 'warning' : 'primary'}
          disabled={disabled || !text.trim() || action.isPending}
          endIcon={<SendRounded />}
          sx={{ height: 40, flexShrink: 0 }}
        >
          {mode === 'reply' ? t('composer.send') : t('composer.addNote')}
        </Button>
      </Stack>
    </Box>
  );
}
