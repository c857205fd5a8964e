import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import DeviceUnknownOutlined from '@mui/icons-material/DeviceUnknownOutlined';
import FacebookRounded from '@mui/icons-material/FacebookRounded';
import Instagram from '@mui/icons-material/Instagram';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Box, type SvgIconProps, Tooltip } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/** Channels Parley knows by sight, with their colours; anything else gets the unknown-channel icon. */
const CHANNELS: Record<string, { icon: ComponentType<SvgIconProps>; color: string; label: string }> = {
  webchat: { icon: ChatBubbleOutlineRounded, color: '#4f46e5', label: 'Web chat' },
  tester: { icon: ScienceOutlined, color: '#7c3aed', label: 'Tester' },
  whatsapp: { icon: WhatsApp, color: '#16a34a', label: 'WhatsApp' },
  messenger: { icon: FacebookRounded, color: '#2563eb', label: 'Messenger' },
  facebook: { icon: FacebookRounded, color: '#2563eb', label: 'Facebook' },
  instagram: { icon: Instagram, color: '#db2777', label: 'Instagram' },
  telegram: { icon: Telegram, color: '#0284c7', label: 'Telegram' },
  sms: { icon: SmsOutlined, color: '#0f766e', label: 'SMS' },
  email: { icon: MailOutlineRounded, color: '#b45309', label: 'Email' },
  voice: { icon: PhoneInTalkOutlined, color: '#9333ea', label: 'Voice' },
};

export const knownChannels = Object.keys(CHANNELS);

export function channelLabel(channel: string): string {
  return CHANNELS[channel]?.label ?? channel;
}

/** A conversation's channel at a glance; the tooltip and accessible name say which. */
export function ChannelIcon({ channel, size = 18 }: { channel: string; size?: number }) {
  const { t } = useTranslation('inbox');
  const known = CHANNELS[channel];
  const Icon = known?.icon ?? DeviceUnknownOutlined;
  const label = known ? known.label : t('channel.unknown', { channel });
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
