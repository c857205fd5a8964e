import { Button, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';

/**
 * A channel card's Disconnect: asks first, in place, then disconnects. `actions` stand beside the
 * button (Messenger's Replace token, say).
 */
export function ChannelDisconnect({
  words,
  pending,
  onDisconnect,
  actions,
}: {
  words: { confirm: string; disconnect: string; cancel: string };
  pending: boolean;
  onDisconnect: () => void;
  actions?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  if (confirming)
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2">{words.confirm}</Typography>
        <Button color="error" variant="contained" disabled={pending} onClick={onDisconnect}>
          {words.disconnect}
        </Button>
        <Button onClick={() => setConfirming(false)}>{words.cancel}</Button>
      </Stack>
    );
  return (
    <Stack direction="row" spacing={1.5}>
      {actions}
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        {words.disconnect}
      </Button>
    </Stack>
  );
}
