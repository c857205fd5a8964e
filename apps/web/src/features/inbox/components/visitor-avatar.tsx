import { Avatar, Badge } from '@mui/material';
import { ChannelIcon } from './channel-icon';

/**
 * The visitor at a glance: their picture (where the channel gives one, as Messenger does) with
 * the channel's icon on its corner; otherwise the channel's icon alone.
 */
export function VisitorAvatar({
  channel,
  picture,
  name,
  size = 18,
}: {
  channel: string;
  picture: string | undefined;
  name: string;
  size?: number;
}) {
  if (!picture) return <ChannelIcon channel={channel} size={size} />;
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      badgeContent={<ChannelIcon channel={channel} size={Math.round(size * 0.7)} />}
      sx={{ '& .MuiBadge-badge': { p: 0, bgcolor: 'background.paper', borderRadius: '50%' } }}
    >
      <Avatar
        src={picture}
        alt={name}
        imgProps={{ referrerPolicy: 'no-referrer' }}
        sx={{ width: size + 10, height: size + 10, fontSize: size * 0.6 }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
    </Badge>
  );
}
