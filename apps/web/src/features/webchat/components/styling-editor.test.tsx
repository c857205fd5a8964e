import { type BotMessage, type WebchatStyle, webchatStyleSchema } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail, deployment } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { StylingEditor } from './styling-editor';

/** The style a bot has before anyone changes it (the contract's defaults). */
const defaults = (): WebchatStyle => webchatStyleSchema.parse({});

/** What the bot's draft says first (the server runs its start in memory). */
const opening: BotMessage[] = [
  { type: 'text', text: 'Welcome to the Seaside Inn!' },
  {
    type: 'buttons',
    text: 'How can I help?',
    buttons: [
      { id: 'rooms', label: 'Book a room', kind: 'reply', payload: 'rooms' },
      { id: 'person', label: 'Talk to a person', kind: 'reply', payload: 'person' },
    ],
  },
];

function renderStyling({
  style = defaults(),
  save,
  user = signedInUser(),
  deployments = [deployment({ key: 'key-lobby' })],
}: {
  style?: WebchatStyle;
  save?: Parameters<typeof fakeApi>[0][string];
  user?: ReturnType<typeof signedInUser>;
  deployments?: ReturnType<typeof deployment>[];
} = {}) {
  const api = fakeApi({
    'GET /api/bots/b1': botDetail(),
    'GET /api/bots/b1/webchat-style': style,
    'GET /api/bots/b1/deployments': deployments,
    'GET /api/bots/b1/webchat-style/opening': { messages: opening },
    ...(save ? { 'PUT /api/bots/b1/webchat-style': save } : {}),
  });
  renderWithApp(<StylingEditor botId="b1" />, { queryClient: signedInClient(user) });
  return api;
}

/** Clicks a form button once the form has caught up with the changes (it checks them as they come). */
async function press(name: string) {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

const puts = (requests: { method: string; body: unknown }[]) =>
  requests.filter((request) => request.method === 'PUT').map((request) => request.body);

/** The toggle button `option` of the choice labelled `group`. */
const option = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('button', { name });

interface PreviewPost {
  config: { style: WebchatStyle };
  opening: BotMessage[];
}

/** What the preview frame was last sent, once the widget in it says it is ready. */
async function previewPosts() {
  const frame = (await screen.findByTestId('widget-preview')) as HTMLIFrameElement;
  const window_ = frame.contentWindow as Window;
  const post = vi.spyOn(window_, 'postMessage').mockImplementation(() => {});
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'parley:preview-ready' }, source: window_ }),
    );
  });
  return () => post.mock.lastCall?.[0] as PreviewPost | undefined;
}

/** The style the preview frame was last sent. */
async function previewStyles() {
  const lastPost = await previewPosts();
  return () => lastPost()?.config.style;
}

describe('the web chat styling editor', () => {
  it('starts from the saved style, with nothing to save or discard', async () => {
    renderStyling({ style: { ...defaults(), title: 'Seaside Inn', theme: 'dark' } });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Seaside Inn');
    expect(screen.getByRole('textbox', { name: 'Brand color' })).toHaveValue('#4f46e5');
    expect(option('Theme', 'Dark')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save style' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    // The tag to paste into a website, for the bot's web chat.
    expect(screen.getByLabelText('Embed code', { selector: 'pre' })).toHaveTextContent('key-lobby');
  });

  // Drives every field of the form: slow on a busy machine.
  it('saves every kind of change: colours, look, launcher, header, and the widget’s words in each language', async () => {
    const { requests } = renderStyling({ save: ({ body }) => body as WebchatStyle });
    const brand = await screen.findByRole('textbox', { name: 'Brand color' });
    fireEvent.change(brand, { target: { value: '#0e7490' } });
    fireEvent.change(screen.getByLabelText('Pick the background color'), { target: { value: '#fefce8' } });
    expect(screen.getByRole('textbox', { name: 'Background' })).toHaveValue('#fefce8');
    fireEvent.click(option('Theme', 'Dark'));
    fireEvent.click(option('Message bubbles', 'Pill'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Font' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Serif' }));
    fireEvent.click(option('Icon', 'Wave'));
    fireEvent.click(option('Position', 'Bottom left'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Seaside Inn' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Avatar image URL' }), {
      target: { value: '  https://seaside.example.com/logo.png ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Welcome text' }), {
      target: { value: 'Ask us about rooms.' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'ES' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Send button' }), { target: { value: 'Mandar' } });
    await press('Save style');

    await screen.findByText('Style saved. Pages load it the next time they open.');
    const expected = defaults();
    expect(puts(requests)).toEqual([
      {
        ...expected,
        primaryColor: '#0e7490',
        backgroundColor: '#fefce8',
        theme: 'dark',
        bubbleShape: 'pill',
        fontFamily: 'serif',
        launcherIcon: 'wave',
        position: 'left',
        title: 'Seaside Inn',
        avatarUrl: 'https://seaside.example.com/logo.png',
        welcomeText: 'Ask us about rooms.',
        strings: { ...expected.strings, es: { ...expected.strings.es, send: 'Mandar' } },
      },
    ]);
    // Saved: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save style' })).toBeDisabled());
  }, 60_000);

  it('says what is wrong with a colour, a title, an avatar address or a word, and sends nothing', async () => {
    const { requests } = renderStyling({ save: ({ body }) => body as WebchatStyle });
    const brand = await screen.findByRole('textbox', { name: 'Brand color' });
    fireEvent.change(brand, { target: { value: '#4f46e' } });
    expect(await screen.findByText('A color like #4f46e5')).toBeInTheDocument();
    expect(brand).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: '   ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Avatar image URL' }), {
      target: { value: 'ftp://seaside.example.com/logo.png' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Send button' }), { target: { value: '' } });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true'),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Avatar image URL' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.queryByText(/^An https:\/\/ address of a square image/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Send button' })).toHaveAttribute('aria-invalid', 'true');
    await press('Save style');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(requests)).toEqual([]);
  });

  it('sends no avatar when its field is emptied', async () => {
    const { requests } = renderStyling({
      style: { ...defaults(), avatarUrl: 'https://seaside.example.com/logo.png' },
      save: ({ body }) => body as WebchatStyle,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Avatar image URL' }), {
      target: { value: ' ' },
    });
    await press('Save style');
    await screen.findByText('Style saved. Pages load it the next time they open.');
    expect(puts(requests)[0]).not.toHaveProperty('avatarUrl');
  });

  it('discards changes back to the saved style', async () => {
    renderStyling();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Seaside Inn' } });
    fireEvent.click(option('Position', 'Bottom left'));
    await press('Discard changes');
    await waitFor(() => expect(title).toHaveValue('Chat with us'));
    expect(option('Position', 'Bottom right')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save style' })).toBeDisabled());
  });

  it('shows the server’s reason when it refuses the style, keeping the changes', async () => {
    renderStyling({
      save: {
        status: 413,
        body: { error: { name: 'PayloadTooLargeException', message: 'The style is too large' } },
      },
    });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Seaside Inn' } });
    await press('Save style');
    await screen.findByText('The style is too large');
    expect(title).toHaveValue('Seaside Inn');
    expect(screen.getByRole('button', { name: 'Save style' })).toBeEnabled();
  });

  it('redraws the preview with every valid change, keeping the last valid look while a field is mid-edit', async () => {
    renderStyling();
    const lastPreview = await previewStyles();
    await waitFor(() => expect(lastPreview()).toEqual(defaults()));
    fireEvent.click(option('Theme', 'Dark'));
    await waitFor(() => expect(lastPreview()?.theme).toBe('dark'));
    const brand = screen.getByRole('textbox', { name: 'Brand color' });
    fireEvent.change(brand, { target: { value: '#0e7' } });
    await screen.findByText('A color like #4f46e5');
    expect(lastPreview()).toMatchObject({ theme: 'dark', primaryColor: '#4f46e5' });
    fireEvent.change(brand, { target: { value: '#0e7490' } });
    await waitFor(() => expect(lastPreview()?.primaryColor).toBe('#0e7490'));
  });

  it('previews the bot’s own opening: its greeting and its buttons, not a sample conversation', async () => {
    renderStyling();
    const lastPost = await previewPosts();
    await waitFor(() => expect(lastPost()?.opening).toEqual(opening));
  });

  it('lets someone who may not manage bots look, not save', async () => {
    renderStyling({ user: signedInUser({ permissions: ['bots:view'] }), deployments: [] });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('button', { name: 'Save style' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Embed code', { selector: 'pre' })).toBeNull();
  });
});
