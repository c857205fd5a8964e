import LinkRounded from '@mui/icons-material/LinkRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import { Avatar, Box, Chip, Link, Stack, Tooltip, Typography } from '@mui/material';
import type {
  BotMessage,
  ChatMessage,
  InboxMessage,
  MessageButton,
  MessageCard,
  MessageCitation,
} from '@parley/contracts';
import { type BotMessageOf, type BotMessageType, messageCards } from '@parley/kit';
import { safeImageUrl, safeLinkUrl } from '@parley/kit/safe-url';
import { type ComponentType, memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotMarkdown } from '../../../shared/ui/bot-markdown';
import { CitationList } from '../../../shared/ui/citation-list';
import { fullDateTime, timeOfDay } from './format';

/** Pressing a reply button (the builder's test chat answers with it; the inbox only shows them). */
type OnPress = ((button: MessageButton) => void) | undefined;
/** How a bot's or an agent's Markdown is shown (the builder's test chat shows it as the widget does). */
type TextView = ComponentType<{ text: string }>;

function Buttons({ buttons, onPress }: { buttons: MessageButton[]; onPress: OnPress }) {
  const { t } = useTranslation('inbox');
  if (buttons.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={0.75}
      useFlexGap
      flexWrap="wrap"
      sx={{ mt: 1 }}
      aria-label={t('message.buttons')}
    >
      {buttons.map((button) => {
        // A bot's button may carry any text as its address: only one that cannot run script is a link.
        const href = button.kind === 'url' && button.url ? safeLinkUrl(button.url) : null;
        return (
          <Chip
            key={button.id}
            size="small"
            variant="outlined"
            label={button.label}
            icon={button.kind === 'url' ? <LinkRounded /> : undefined}
            {...(onPress && button.kind === 'reply'
              ? { onClick: () => onPress(button), clickable: true }
              : {})}
            {...(href && onPress
              ? { component: 'a', href, target: '_blank', rel: 'noopener noreferrer', clickable: true }
              : {})}
            sx={{ bgcolor: 'background.paper', borderColor: 'primary.light', color: 'primary.dark' }}
          />
        );
      })}
    </Stack>
  );
}

function Card({ card, onPress }: { card: MessageCard; onPress: OnPress }) {
  const image = card.imageUrl ? safeImageUrl(card.imageUrl) : null;
  return (
    <Box
      sx={{
        width: 240,
        flexShrink: 0,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      {image && (
        <Box
          component="img"
          src={image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          sx={{ display: 'block', width: '100%', height: 120, objectFit: 'cover', bgcolor: '#f1f5f9' }}
        />
      )}
      <Box sx={{ p: 1.25 }}>
        <Typography fontWeight={650} variant="body2">
          {card.title}
        </Typography>
        {card.subtitle && (
          <Typography variant="body2" color="text.secondary">
            {card.subtitle}
          </Typography>
        )}
        <Buttons buttons={card.buttons} onPress={onPress} />
      </Box>
    </Box>
  );
}

function Citations({ citations }: { citations: MessageCitation[] }) {
  const { t } = useTranslation('inbox');
  return <CitationList citations={citations} label={t('citations')} />;
}

interface BodyProps<M extends BotMessage> {
  message: M;
  role: ChatMessage['role'];
  onPress: OnPress;
  TextView: TextView;
}

/** How the transcript draws each kind of message (a new kind in @parley/kit must add its view). */
const messageBodies = {
  text: ({ message, role, TextView }) =>
    role === 'user' ? (
      <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Box>
    ) : (
      <>
        <TextView text={message.text} />
        {message.citations && message.citations.length > 0 && <Citations citations={message.citations} />}
      </>
    ),
  buttons: ({ message, onPress, TextView }) => (
    <>
      <TextView text={message.text} />
      <Buttons buttons={message.buttons} onPress={onPress} />
    </>
  ),
  card: ({ message, onPress }) => <Card card={message.card} onPress={onPress} />,
  carousel: ({ message, onPress }) => (
    <Stack direction="row" spacing={1} sx={{ overflowX: 'auto', pb: 0.5, maxWidth: '100%' }}>
      {message.cards.map((card, index) => (
        // Cards of one carousel have no ids of their own; their order is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Card key={index} card={card} onPress={onPress} />
      ))}
    </Stack>
  ),
} satisfies { [K in BotMessageType]: (props: BodyProps<BotMessageOf<K>>) => ReactNode };

function Content(props: BodyProps<BotMessage>) {
  const Body = messageBodies[props.message.type] as (props: BodyProps<BotMessage>) => ReactNode;
  return <Body {...props} />;
}

const ROLE_STYLE = {
  user: { bgcolor: 'primary.main', color: 'primary.contrastText' },
  bot: { bgcolor: '#f1f5f9', color: 'text.primary' },
  agent: { bgcolor: '#ecfdf5', color: 'text.primary', border: '1px solid #a7f3d0' },
} as const;

/** One message of the transcript: the user's on the right, the bot's and the agents' on the left. */
export const MessageBubble = memo(function MessageBubble({
  message,
  onPress,
  TextView = BotMarkdown,
}: {
  message: InboxMessage;
  onPress?: (button: MessageButton) => void;
  TextView?: TextView;
}) {
  const { t, i18n } = useTranslation('inbox');
  const mine = message.role === 'user';
  const [showOther, setShowOther] = useState(false);
  const { translation } = message;
  // A visitor's message reads first as the bot read it (the team's language), its original a click away.
  const shown =
    translation && mine && !showOther ? { type: 'text' as const, text: translation.text } : message.message;
  // Cards need the room of the whole column.
  const wide = messageCards(message.message).length > 0;
  return (
    <Stack
      direction="row"
      spacing={1}
      justifyContent={mine ? 'flex-end' : 'flex-start'}
      alignItems="flex-end"
      data-role={message.role}
      data-testid="message"
    >
      {!mine && (
        <Tooltip title={message.role === 'agent' ? t('message.agent') : t('message.bot')}>
          <Avatar
            role="img"
            sx={{
              width: 28,
              height: 28,
              bgcolor: message.role === 'agent' ? '#059669' : '#e0e7ff',
              color: message.role === 'agent' ? '#fff' : 'primary.main',
            }}
          >
            {message.role === 'agent' ? (
              <SupportAgentRounded sx={{ fontSize: 17 }} />
            ) : (
              <SmartToyOutlined sx={{ fontSize: 17 }} />
            )}
          </Avatar>
        </Tooltip>
      )}
      <Box sx={{ maxWidth: wide ? '100%' : 'min(75%, 560px)', minWidth: 0 }}>
        {message.role === 'agent' && (
          <Typography variant="caption" color="success.main" fontWeight={600} sx={{ pl: 1.5 }}>
            {t('message.agent')}
          </Typography>
        )}
        <Box
          sx={{
            ...(wide ? {} : ROLE_STYLE[message.role]),
            px: wide ? 0 : 1.75,
            py: wide ? 0 : 1,
            borderRadius: 3,
            borderBottomRightRadius: mine ? 6 : undefined,
            borderBottomLeftRadius: mine ? undefined : 6,
            fontSize: 14.5,
            lineHeight: 1.5,
          }}
        >
          <Content message={shown} role={message.role} onPress={onPress} TextView={TextView} />
        </Box>
        {translation && (
          <TranslationNote
            message={message}
            translation={translation}
            showOther={showOther}
            onToggle={() => setShowOther((value) => !value)}
          />
        )}
        <Tooltip title={fullDateTime(message.created_at, i18n.resolvedLanguage)} placement="bottom-start">
          <Typography
            variant="caption"
            color="text.secondary"
            component="time"
            dateTime={message.created_at}
            sx={{ display: 'block', textAlign: mine ? 'right' : 'left', px: 1, mt: 0.25 }}
          >
            {timeOfDay(message.created_at, i18n.resolvedLanguage)}
          </Typography>
        </Tooltip>
      </Box>
    </Stack>
  );
});

/**
 * What a translated message says in the other language: a visitor's original, or a bot's or an
 * agent's message as it was written (an agent's always shown, so they see what they sent both ways).
 */
function TranslationNote({
  message,
  translation,
  showOther,
  onToggle,
}: {
  message: InboxMessage;
  translation: NonNullable<InboxMessage['translation']>;
  showOther: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const mine = message.role === 'user';
  const language = (code: string) =>
    new Intl.DisplayNames(i18n.resolvedLanguage ? [i18n.resolvedLanguage] : [], { type: 'language' }).of(
      code,
    ) ?? code;
  const visible = message.role === 'agent' || showOther;
  return (
    <Box sx={{ px: 1, mt: 0.25, textAlign: mine ? 'right' : 'left' }}>
      {!mine && visible && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap' }}
        >
          {t('message.asWritten', { language: language(translation.language), text: translation.text })}
        </Typography>
      )}
      {message.role !== 'agent' && (
        <Link component="button" type="button" variant="caption" onClick={onToggle} underline="hover">
          {mine
            ? showOther
              ? t('message.showTranslation', { language: language(translation.language) })
              : t('message.showOriginal')
            : showOther
              ? t('message.hideAsWritten')
              : t('message.showAsWritten', { language: language(translation.language) })}
        </Link>
      )}
    </Box>
  );
}
