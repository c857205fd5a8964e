import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ChannelDisconnect } from './channel-disconnect';

const words = { confirm: 'Disconnect this Page?', disconnect: 'Disconnect', cancel: 'Cancel' };

describe('a channel card’s Disconnect', () => {
  it('asks first, can be cancelled, and disconnects only when confirmed', () => {
    const onDisconnect = vi.fn();
    renderWithApp(
      <ChannelDisconnect
        words={words}
        pending={false}
        onDisconnect={onDisconnect}
        actions={<button type="button">Replace token</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Replace token' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(screen.getByText('Disconnect this Page?')).toBeInTheDocument();
    expect(onDisconnect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Disconnect this Page?')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(onDisconnect).toHaveBeenCalledOnce();
  });

  it('cannot be confirmed twice while disconnecting', () => {
    renderWithApp(<ChannelDisconnect words={words} pending onDisconnect={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
  });
});
