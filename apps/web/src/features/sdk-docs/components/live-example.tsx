import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type ChatMessage,
  type ConversationHandle,
  mergeMessages,
  ParleyChat,
  type Subscription,
} from '@parley/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotMarkdown } from '../../../shared/ui/bot-markdown';
import { CodeBlock } from '../../../shared/ui/code-block';
import { botListQuery } from '../../bots/api/bots';
import { testDeploymentQuery } from '../../webchat/api/webchat';

/** A message in a line: its Markdown as the widget shows it, or a card's title. */
function Describe({ message }: { message: ChatMessage }) {
  const { message: body } = message;
  if (body.type === 'text' || body.type === 'buttons')
    return message.role === 'user' ? (
      <Typography variant="body2">{body.text}</Typography>
    ) : (
      <Typography variant="body2" component="div">
        <BotMarkdown text={body.text} />
      </Typography>
    );
  const titles = body.type === 'card' ? body.card.title : body.cards.map((card) => card.title).join(' · ');
  return <Typography variant="body2">{titles}</Typography>;
}

/**
 * The SDK itself, running in this page against one of the user's bots (its test deployment, so
 * the draft answers): what a developer's code would see, call by call.
 */
export function LiveExample() {
  const { t } = useTranslation('sdk');
  const { data: bots } = useQuery(
    botListQuery({ page: 1, pageSize: 100, search: '', sort: 'updated_at', order: 'desc' }),
  );
  const [botId, setBotId] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [lastCall, setLastCall] = useState<{ call: string; result: unknown } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const session = useRef<{
    chat: ParleyChat;
    conversation: ConversationHandle;
    subscription: Subscription;
  } | null>(null);

  useEffect(() => () => session.current?.subscription.close(), []);

  const merge = (incoming: ChatMessage[]) => setMessages((current) => mergeMessages(current, incoming));

  async function run<T>(call: string, action: () => Promise<T>): Promise<T | undefined> {
    setError(null);
    try {
      const result = await action();
      setLastCall({ call, result });
      return result;
    } catch (failure) {
      setError((failure as Error).message);
      return undefined;
    }
  }

  async function start(): Promise<void> {
    session.current?.subscription.close();
    setMessages([]);
    const deployment = await run('GET /api/bots/:id/test-deployment', () =>
      queryClient.fetchQuery(testDeploymentQuery(botId)),
    );
    if (!deployment) return;
    const chat = new ParleyChat({ baseUrl: window.location.origin, deploymentKey: deployment.key });
    const started = await run('chat.start()', () => chat.start());
    if (!started) return;
    const conversation = { conversationId: started.conversationId, token: started.token };
    merge(started.messages);
    const subscription = chat.subscribe(conversation, {
      afterSeq: started.messages.at(-1)?.seq ?? 0,
      onMessage: (message) => merge([message]),
    });
    session.current = { chat, conversation, subscription };
    setLive(true);
  }

  async function send(event: FormEvent): Promise<void> {
    event.preventDefault();
    const current = session.current;
    if (!current || !text.trim()) return;
    const body = { text: text.trim() };
    setText('');
    const replies = await run(`chat.send(conversation, ${JSON.stringify(body)})`, () =>
      current.chat.send(current.conversation, body),
    );
    if (replies) merge(replies);
  }

  async function press(payload: string, label: string): Promise<void> {
    const current = session.current;
    if (!current) return;
    const body = { postback: payload, label };
    const replies = await run(`chat.send(conversation, ${JSON.stringify(body)})`, () =>
      current.chat.send(current.conversation, body),
    );
    if (replies) merge(replies);
  }

  const lastButtons = [...messages].reverse().find((message) => message.role !== 'user');

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              label={t('live.bot')}
              value={botId}
              onChange={(event) => setBotId(event.target.value)}
              sx={{ minWidth: 260 }}
              helperText={bots && bots.items.length === 0 ? t('live.noBots') : t('live.botHelp')}
            >
              {(bots?.items ?? []).map((bot) => (
                <MenuItem key={bot.id} value={bot.id}>
                  {bot.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={!botId}
              onClick={() => void start()}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {live ? t('live.restart') : t('live.start')}
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Stack spacing={1.5}>
              <Typography variant="subtitle2" component="h3">
                {t('live.messages')}
              </Typography>
              <Box
                role="log"
                aria-label={t('live.messages')}
                sx={{
                  minHeight: 220,
                  maxHeight: 360,
                  overflowY: 'auto',
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                }}
              >
                <Stack spacing={1}>
                  {messages.map((message) => (
                    <Stack key={message.seq} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                      <Chip size="small" label={`${message.seq} · ${message.role}`} variant="outlined" />
                      <Describe message={message} />
                    </Stack>
                  ))}
                </Stack>
              </Box>
              {lastButtons?.message.type === 'buttons' && (
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  {lastButtons.message.buttons
                    .filter((button) => button.kind === 'reply')
                    .map((button) => (
                      <Button
                        key={button.id}
                        size="small"
                        variant="outlined"
                        onClick={() => void press(button.payload ?? button.id, button.label)}
                      >
                        {button.label}
                      </Button>
                    ))}
                </Stack>
              )}
              <Stack component="form" direction="row" spacing={1} onSubmit={(event) => void send(event)}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('live.message')}
                  value={text}
                  disabled={!live}
                  onChange={(event) => setText(event.target.value)}
                />
                <Button type="submit" variant="outlined" disabled={!live || !text.trim()}>
                  {t('live.send')}
                </Button>
              </Stack>
            </Stack>
            <Stack spacing={1.5}>
              <Typography variant="subtitle2" component="h3">
                {t('live.lastCall')}
              </Typography>
              <CodeBlock
                label={t('live.lastCall')}
                code={
                  lastCall
                    ? `> ${lastCall.call}\n${JSON.stringify(lastCall.result, null, 2)}`
                    : t('live.nothingYet')
                }
              />
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
