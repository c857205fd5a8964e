import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import {
  Alert,
  Box,
  Card,
  CardContent,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { AgentRun } from '@parley/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { streamPlayground } from '../api/agents';
import { AgentTrace } from './agent-trace';

interface Message {
  role: 'user' | 'assistant';
  content: string;
}

/** Reads `name = value` lines into the conversation's variables (numbers and true/false as such). */
function parseVariables(text: string): Record<string, string | number | boolean> | null {
  const variables: Record<string, string | number | boolean> = {};
  for (const line of text
    .split('\n')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z_]\w{0,63})\s*=\s*(.*)$/.exec(line);
    if (!match?.[1]) return null;
    const value = match[2] ?? '';
    variables[match[1]] =
      value === 'true'
        ? true
        : value === 'false'
          ? false
          : value !== '' && Number.isFinite(Number(value))
            ? Number(value)
            : value;
  }
  return variables;
}

/** A chat with the agent's saved version, and the trace of its last turn. */
export function AgentPlayground({ id }: { id: string }) {
  const { t } = useTranslation('agents');
  const [messages, setMessages] = useState<Message[]>([]);
  const [text, setText] = useState('');
  const [variablesText, setVariablesText] = useState('');
  const [run, setRun] = useState<AgentRun | null>(null);
  // The answer as the model writes it (streamed), until the run arrives with the whole of it.
  const [writing, setWriting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const turn = useRef<AbortController | null>(null);
  useEffect(() => () => turn.current?.abort(), []);
  const variables = parseVariables(variablesText);
  const pending = writing !== null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || !variables || pending) return;
    const next: Message[] = [...messages, { role: 'user', content }];
    setMessages(next);
    setText('');
    setError(null);
    setWriting('');
    const controller = new AbortController();
    turn.current = controller;
    try {
      const answer = await streamPlayground(id, { messages: next, variables }, setWriting, controller.signal);
      setRun(answer);
      if (answer.reply) setMessages([...next, { role: 'assistant', content: answer.reply }]);
    } catch (failure) {
      if (!controller.signal.aborted)
        setError(isApiError(failure) ? failure.message : t('playground.streamFailed'));
    } finally {
      if (turn.current === controller) setWriting(null);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
            {t('playground.title')}
          </Typography>
          <Tooltip title={t('playground.restart')}>
            <IconButton
              aria-label={t('playground.restart')}
              onClick={() => {
                turn.current?.abort();
                turn.current = null;
                setWriting(null);
                setError(null);
                setMessages([]);
                setRun(null);
              }}
            >
              <RestartAltRounded />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('playground.help')}
        </Typography>
        <TextField
          label={t('playground.variables')}
          helperText={variables ? t('playground.variablesHelp') : t('playground.variablesInvalid')}
          error={!variables}
          value={variablesText}
          onChange={(event) => setVariablesText(event.target.value)}
          multiline
          minRows={1}
          fullWidth
          size="small"
          placeholder={t('playground.variablesPlaceholder')}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
          sx={{ mb: 2 }}
        />
        <Stack spacing={1} sx={{ mb: 2, minHeight: 80 }} aria-live="polite">
          {messages.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
              {t('playground.empty')}
            </Typography>
          )}
          {messages.map((message, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: the conversation only grows
              key={index}
              sx={{
                alignSelf: message.role === 'user' ? 'flex-end' : 'flex-start',
                maxWidth: '85%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: message.role === 'user' ? 'primary.main' : 'grey.100',
                color: message.role === 'user' ? 'primary.contrastText' : 'text.primary',
              }}
            >
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {message.content}
              </Typography>
            </Box>
          ))}
          {pending &&
            (writing ? (
              <Box
                data-testid="playground-writing"
                sx={{
                  alignSelf: 'flex-start',
                  maxWidth: '85%',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: 'grey.100',
                }}
              >
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {writing}
                </Typography>
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('playground.thinking')}
              </Typography>
            ))}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {run?.outcome === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('playground.failed', { reason: run.failure ?? '' })}
          </Alert>
        )}
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(event) => void submit(event)}
          sx={{ mb: run ? 3 : 0 }}
        >
          <TextField
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('playground.placeholder')}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { 'aria-label': t('playground.message'), maxLength: 4000 } }}
          />
          <IconButton
            type="submit"
            color="primary"
            aria-label={t('playground.send')}
            disabled={!text.trim() || !variables || pending}
          >
            <SendRounded />
          </IconButton>
        </Stack>
        {run && (
          <>
            <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
              {t('trace.title')}
            </Typography>
            <AgentTrace run={run} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
