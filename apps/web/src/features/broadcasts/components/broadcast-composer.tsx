import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { BroadcastMessage, CreateBroadcastRequest } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  composerAudiencesQuery,
  composerBotQuery,
  composerBotsQuery,
  composerPreviewQuery,
  useCreateBroadcast,
  useTestBroadcast,
} from '../api/broadcasts';

const channels = ['webchat', 'sunshine', 'messenger'];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The buttons as written, one label per line: each posts its label back as a reply. */
const buttonsOf = (lines: string) =>
  lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((label, index) => ({ id: `b${index + 1}`, label, kind: 'reply' as const, payload: label }));

interface Draft {
  name: string;
  botId: string;
  audienceId: string;
  channels: string[];
  kind: BroadcastMessage['type'];
  text: string;
  buttons: string;
  title: string;
  subtitle: string;
  imageUrl: string;
  replyModuleId: string;
  throttle: string;
  when: 'now' | 'later';
  sendAt: string;
  timeZone: string;
}

function messageOf(draft: Draft): BroadcastMessage {
  if (draft.kind === 'card')
    return {
      type: 'card',
      card: {
        title: draft.title,
        ...(draft.subtitle ? { subtitle: draft.subtitle } : {}),
        ...(draft.imageUrl ? { imageUrl: draft.imageUrl } : {}),
        buttons: buttonsOf(draft.buttons),
      },
    };
  if (draft.kind === 'buttons')
    return { type: 'buttons', text: draft.text, buttons: buttonsOf(draft.buttons) };
  return { type: 'text', text: draft.text };
}

/** Writes a broadcast: its message, audience, channels, when and how fast; a test to one contact first. */
export function BroadcastComposer({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('broadcasts');
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<Draft>({
    name: '',
    botId: '',
    audienceId: '',
    channels: ['webchat'],
    kind: 'text',
    text: '',
    buttons: '',
    title: '',
    subtitle: '',
    imageUrl: '',
    replyModuleId: '',
    throttle: '',
    when: 'now',
    sendAt: '',
    timeZone: browserZone(),
  });
  const [testContact, setTestContact] = useState('');
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const bots = useQuery(composerBotsQuery()).data?.items ?? [];
  const audiences = useQuery(composerAudiencesQuery()).data?.audiences ?? [];
  const bot = useQuery(composerBotQuery(draft.botId)).data;
  const audience = audiences.find((each) => each.id === draft.audienceId);
  const preview = useQuery({
    ...composerPreviewQuery(audience?.filter ?? { schemaVersion: 1, match: 'all', conditions: [] }),
    enabled: audience !== undefined,
  }).data;
  const create = useCreateBroadcast();
  const test = useTestBroadcast();

  const request = (): CreateBroadcastRequest => ({
    name: draft.name,
    botId: draft.botId,
    audienceId: draft.audienceId,
    channels: draft.channels,
    message: messageOf(draft),
    replyModuleId: draft.replyModuleId || null,
    throttlePerMinute: draft.throttle.trim() === '' ? null : Number(draft.throttle),
    sendAt: draft.when === 'later' ? draft.sendAt : null,
    timeZone: draft.timeZone,
  });
  const onSend = () =>
    create.mutate(request(), {
      onSuccess: (broadcast) => {
        enqueueSnackbar(t(broadcast.state === 'scheduled' ? 'composer.scheduled' : 'composer.sending'), {
          variant: 'success',
        });
        onDone();
      },
    });

  return (
    <Card variant="outlined" sx={{ p: 2.5 }} component="section" aria-label={t('composer.title')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('composer.title')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('composer.name')}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('composer.bot')}
            value={draft.botId}
            onChange={(event) => set({ botId: event.target.value, replyModuleId: '' })}
            sx={{ flex: 1 }}
          >
            {bots.map((each) => (
              <MenuItem key={each.id} value={each.id}>
                {each.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('composer.audience')}
            value={draft.audienceId}
            onChange={(event) => set({ audienceId: event.target.value })}
            helperText={
              preview
                ? t('composer.reach', {
                    count: preview.count,
                    formatted: new Intl.NumberFormat(i18n.language).format(preview.count),
                  })
                : ' '
            }
            sx={{ flex: 1 }}
          >
            {audiences.map((each) => (
              <MenuItem key={each.id} value={each.id}>
                {each.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box>
          <FormLabel component="legend">{t('composer.channels')}</FormLabel>
          <FormGroup row>
            {channels.map((channel) => (
              <FormControlLabel
                key={channel}
                label={t(`channels.${channel}`)}
                control={
                  <Checkbox
                    checked={draft.channels.includes(channel)}
                    onChange={(event) =>
                      set({
                        channels: event.target.checked
                          ? [...draft.channels, channel]
                          : draft.channels.filter((each) => each !== channel),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={draft.kind}
          onChange={(_, kind: BroadcastMessage['type'] | null) => kind && set({ kind })}
          aria-label={t('composer.kind')}
        >
          <ToggleButton value="text">{t('composer.kinds.text')}</ToggleButton>
          <ToggleButton value="buttons">{t('composer.kinds.buttons')}</ToggleButton>
          <ToggleButton value="card">{t('composer.kinds.card')}</ToggleButton>
        </ToggleButtonGroup>
        {draft.kind === 'card' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('composer.cardTitle')}
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('composer.cardSubtitle')}
              value={draft.subtitle}
              onChange={(event) => set({ subtitle: event.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t('composer.cardImage')}
              value={draft.imageUrl}
              onChange={(event) => set({ imageUrl: event.target.value })}
              sx={{ flex: 1 }}
            />
          </Stack>
        ) : (
          <TextField
            multiline
            minRows={3}
            label={t('composer.text')}
            helperText={t('composer.textHelp', {
              example: '{{ user.name }}',
              interpolation: { escapeValue: false },
            })}
            value={draft.text}
            onChange={(event) => set({ text: event.target.value })}
          />
        )}
        {draft.kind !== 'text' && (
          <TextField
            multiline
            minRows={2}
            label={t('composer.buttons')}
            helperText={t('composer.buttonsHelp')}
            value={draft.buttons}
            onChange={(event) => set({ buttons: event.target.value })}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('composer.replyModule')}
            helperText={t('composer.replyModuleHelp')}
            value={draft.replyModuleId}
            onChange={(event) => set({ replyModuleId: event.target.value })}
            sx={{ flex: 1 }}
          >
            <MenuItem value="">{t('composer.noReplyModule')}</MenuItem>
            {(bot?.flow.modules ?? []).map((module) => (
              <MenuItem key={module.id} value={module.id}>
                {module.name || module.id}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('composer.throttle')}
            helperText={t('composer.throttleHelp')}
            value={draft.throttle}
            onChange={(event) => set({ throttle: event.target.value })}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={draft.when}
            onChange={(_, when: 'now' | 'later' | null) => when && set({ when })}
            aria-label={t('composer.when')}
          >
            <ToggleButton value="now">{t('composer.now')}</ToggleButton>
            <ToggleButton value="later">{t('composer.later')}</ToggleButton>
          </ToggleButtonGroup>
          {draft.when === 'later' && (
            <>
              <TextField
                type="datetime-local"
                label={t('composer.sendAt')}
                value={draft.sendAt}
                slotProps={{ inputLabel: { shrink: true } }}
                onChange={(event) => set({ sendAt: event.target.value })}
              />
              <TextField
                label={t('composer.timeZone')}
                value={draft.timeZone}
                onChange={(event) => set({ timeZone: event.target.value })}
              />
            </>
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label={t('composer.testContact')}
            value={testContact}
            onChange={(event) => setTestContact(event.target.value)}
            sx={{ minWidth: 240 }}
          >
            {(preview?.sample ?? []).map((contact) => (
              <MenuItem key={contact.id} value={contact.id}>
                {contact.name ?? contact.email ?? t('composer.anonymous')}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            disabled={!testContact || !draft.botId || test.isPending}
            onClick={() =>
              test.mutate(
                { botId: draft.botId, contactId: testContact, message: messageOf(draft) },
                { onSuccess: () => enqueueSnackbar(t('composer.testSent'), { variant: 'success' }) },
              )
            }
          >
            {t('composer.sendTest')}
          </Button>
        </Stack>
        {test.isError && <Alert severity="warning">{test.error.message}</Alert>}
        {create.isError && <Alert severity="error">{create.error.message}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={onSend} disabled={create.isPending}>
            {draft.when === 'later' ? t('composer.schedule') : t('composer.send')}
          </Button>
          <Button onClick={onDone}>{t('composer.close')}</Button>
        </Stack>
      </Stack>
    </Card>
  );
}
