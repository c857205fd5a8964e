import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import DeviceUnknownOutlined from '@mui/icons-material/DeviceUnknownOutlined';
import FacebookRounded from '@mui/icons-material/FacebookRounded';
import Instagram from '@mui/icons-material/Instagram';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Box, type SvgIconProps, Tooltip } from '@mui/material';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Channels Parley knows by sight, with their colours; anything else gets the unknown-channel icon.
 * A product's own name (`brand`) is said as it is; the others are words (inbox `channel.names`).
 */
const CHANNELS: Record<string, { icon: ComponentType<SvgIconProps>; color: string; brand?: string }> = {
  webchat: { icon: ChatBubbleOutlineRounded, color: '#4f46e5' },
  tester: { icon: ScienceOutlined, color: '#7c3aed' },
  whatsapp: { icon: WhatsApp, color: '#16a34a', brand: 'WhatsApp' },
  messenger: { icon: FacebookRounded, color: '#2563eb', brand: 'Messenger' },
  facebook: { icon: FacebookRounded, color: '#2563eb', brand: 'Facebook' },
  instagram: { icon: Instagram, color: '#db2777', brand: 'Instagram' },
  telegram: { icon: Telegram, color: '#0284c7', brand: 'Telegram' },
  sms: { icon: SmsOutlined, color: '#0f766e', brand: 'SMS' },
  // The messaging suite (Sunshine Conversations): whichever channel the user wrote on, through Zendesk.
  sunshine: { icon: SupportAgentOutlined, color: '#03363d', brand: 'Zendesk messaging' },
  email: { icon: MailOutlineRounded, color: '#b45309' },
  voice: { icon: PhoneInTalkOutlined, color: '#9333ea' },
};

export const knownChannels = Object.keys(CHANNELS);

/** A channel's name in the user's language; one Parley does not know by its own id. */
export function channelLabel(channel: string, t: TFunction<'inbox'>): string {
  const known = CHANNELS[channel];
  if (!known) return channel;
  return known.brand ?? t(`channel.names.${channel}`);
}

/** A conversation's channel at a glance; the tooltip and accessible name say which. */
export function ChannelIcon({ channel, size = 18 }: { channel: string; size?: number }) {
  const { t } = useTranslation('inbox');
  const known = CHANNELS[channel];
  const Icon = known?.icon ?? DeviceUnknownOutlined;
  const label = known ? channelLabel(channel, t) : t('channel.unknown', { channel });
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-channel={known ? channel : 'unknown'}
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: size + 10,
          height: size + 10,
          borderRadius: '50%',
          bgcolor: known ? `${known.color}14` : '#f1f5f9',
          color: known?.color ?? 'text.secondary',
          flexShrink: 0,
        }}
      >
        <Icon sx={{ fontSize: size }} />
      </Box>
    </Tooltip>
  );
}
