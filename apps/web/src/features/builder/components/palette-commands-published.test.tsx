import type { FrontendConfig, PublishResponse } from '@parley/contracts';
import { type Flow, type FlowModule, starterFlow } from '@parley/flow';
import { flowFixture } from '@parley/flow/testing';
import { moduleTypes } from '@parley/modules';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import { deployment } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { type CanvasBridge, createBuilderStore } from '../model/builder-store';
import { moduleLayout } from '../model/module-layout';
import { CommandButtons, EditMenu, useCommandShortcuts } from './command-buttons';
import { ModulePalette, ModuleTypeMenu } from './module-palette';
import { PublishedDialog } from './published-dialog';

const twoModules = (): Flow =>
  flowFixture()
    .module(
      'start',
      'text',
      { text: 'Welcome' },
      { next: 'menu' },
      { name: 'Welcome', position: { x: 0, y: 0 } },
    )
    .module('menu', 'text', { text: 'Menu' }, {}, { name: 'Menu', position: { x: 400, y: 0 } })
    .build();

const canvasAt = (x: number, y: number): CanvasBridge => ({
  viewCentre: () => ({ x, y }),
  pasteSpot: () => ({ view: { x: x - 500, y: y - 300, width: 1000, height: 600 }, pointer: null }),
  sizeOf: () => ({ width: 260, height: 120 }),
});

describe('the module palette', () => {
  it('offers every module type, and adds one named in the user’s language in the middle of the view', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    store.setState({ canvas: canvasAt(1000, 500) });
    renderWithApp(<ModulePalette store={store} />);
    const palette = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(palette).getAllByRole('button')).toHaveLength(moduleTypes.length);
    fireEvent.click(within(palette).getByRole('button', { name: 'Add Buttons' }));
    const added = store.getState().flow.modules.at(-1);
    expect(added).toMatchObject({ type: 'buttons', name: 'Buttons', connections: [] });
    // Its middle is the view's.
    const { width, height } = moduleLayout(added as FlowModule);
    expect(added?.position).toEqual({ x: Math.round(1000 - width / 2), y: Math.round(500 - height / 2) });
    expect(added?.id).not.toMatch(/^(start|menu)$/);
    store.getState().undo();
    expect(store.getState().flow.modules).toHaveLength(2);
  });

  it('puts new modules in view, where they cover no other', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    store.setState({ canvas: canvasAt(130, 40) });
    renderWithApp(<ModulePalette store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Text' }));
    const modules = store.getState().flow.modules;
    const boxes = modules.map((module) => ({ ...module.position, ...moduleLayout(module).size }));
    for (const [index, box] of boxes.entries()) {
      // In the view (x -370…630, y -260…340)…
      if (index >= 2) {
        expect(box.x).toBeGreaterThanOrEqual(-370);
        expect(box.x + box.width).toBeLessThanOrEqual(630);
        expect(box.y).toBeGreaterThanOrEqual(-260);
        expect(box.y + box.height).toBeLessThanOrEqual(340);
      }
      // …and over no other module.
      for (const other of boxes.slice(index + 1))
        expect(
          box.x < other.x + other.width &&
            other.x < box.x + box.width &&
            box.y < other.y + other.height &&
            other.y < box.y + box.height,
        ).toBe(false);
    }
  });

  it('gives a new LLM module the model this server is set up with', async () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    store.setState({ canvas: canvasAt(1000, 500) });
    const queryClient = new QueryClient();
    // Only what the palette reads of the server's settings.
    const config = { llm: { configured: true, defaultModel: 'gpt-4.1-mini' } } as FrontendConfig;
    queryClient.setQueryData(frontendConfigQuery.queryKey, config);
    renderWithApp(<ModulePalette store={store} />, { queryClient });
    fireEvent.click(screen.getByRole('button', { name: 'Add LLM' }));
    expect(store.getState().flow.modules.at(-1)).toMatchObject({
      type: 'llm',
      content: { model: 'gpt-4.1-mini' },
    });
  });

  it('speaks Spanish to a Spanish builder: names and the new module’s words', () => {
    const store = createBuilderStore({ botId: 'b1', flow: starterFlow('es'), revision: 0 });
    renderWithApp(<ModulePalette store={store} />, { language: 'es' });
    fireEvent.click(screen.getByRole('button', { name: /Texto$/ }));
    const added = store.getState().flow.modules.at(-1);
    expect(added).toMatchObject({ name: 'Texto', content: { text: '¡Hola!' } });
  });

  it('offers the types as a menu where a connection was dropped, with their fresh words', () => {
    const onChoose = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<ModuleTypeMenu anchor={{ x: 300, y: 200 }} onClose={onClose} onChoose={onChoose} />);
    const menu = screen.getByRole('menu', { name: 'Connect to a new module' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Input' }));
    expect(onChoose).toHaveBeenCalledWith('input', {
      name: 'Input',
      content: expect.objectContaining({ variable: expect.any(String) }),
    });
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows no menu without a place', () => {
    renderWithApp(<ModuleTypeMenu anchor={null} onClose={vi.fn()} onChoose={vi.fn()} />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

/** The builder's toolbar buttons and its keyboard, as the builder page has them. */
function Toolbar({ store }: { store: ReturnType<typeof createBuilderStore> }) {
  useCommandShortcuts(store);
  return (
    <>
      <CommandButtons store={store} />
      <EditMenu store={store} />
      <input aria-label="A field" />
      <div className="react-flow" tabIndex={-1} data-testid="canvas" />
    </>
  );
}

/** An edit made elsewhere in the builder (the module editor). */
const renameMenu = (store: ReturnType<typeof createBuilderStore>, name: string) =>
  act(() =>
    store.getState().apply((flow) => ({
      ...flow,
      modules: flow.modules.map((module) => (module.id === 'menu' ? { ...module, name } : module)),
    })),
  );

const nameOfMenu = (store: ReturnType<typeof createBuilderStore>) =>
  store.getState().flow.modules.find((module) => module.id === 'menu')?.name;

describe('the command buttons and shortcuts', () => {
  it('undoes and redoes, each button enabled only when there is something to do', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    renderWithApp(<Toolbar store={store} />);
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    expect(redo).toBeDisabled();
    renameMenu(store, 'Main menu');
    expect(undo).toBeEnabled();
    fireEvent.click(undo);
    expect(nameOfMenu(store)).toBe('Menu');
    expect(undo).toBeDisabled();
    expect(redo).toBeEnabled();
    fireEvent.click(redo);
    expect(nameOfMenu(store)).toBe('Main menu');
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z or Ctrl+Y, but not while typing in a field', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    renderWithApp(<Toolbar store={store} />);
    renameMenu(store, 'Main menu');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'A field' }), { key: 'z', ctrlKey: true });
    expect(nameOfMenu(store)).toBe('Main menu');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(nameOfMenu(store)).toBe('Menu');
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(nameOfMenu(store)).toBe('Main menu');
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(nameOfMenu(store)).toBe('Main menu');
  });

  it('deletes the selection with Delete on the canvas, never the start module, and not from elsewhere', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    renderWithApp(
      <>
        <Toolbar store={store} />
        <button type="button">A side panel button</button>
      </>,
    );
    store.getState().select(['start', 'menu']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'A side panel button' }), { key: 'Delete' });
    expect(store.getState().flow.modules).toHaveLength(2);
    fireEvent.keyDown(screen.getByTestId('canvas'), { key: 'Delete' });
    expect(store.getState().flow.modules.map((module) => module.id)).toEqual(['start']);
    expect(store.getState().selected).toEqual(['start']);
    // Only the start module left selected: nothing to delete.
    fireEvent.keyDown(screen.getByTestId('canvas'), { key: 'Backspace' });
    expect(store.getState().flow.modules.map((module) => module.id)).toEqual(['start']);
  });

  it('lists every command in the Edit menu with its shortcut, disabling those with nothing to act on', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    renderWithApp(<Toolbar store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const menu = screen.getByRole('menu', { name: 'Edit' });
    const item = (name: string) => within(menu).getByRole('menuitem', { name: new RegExp(`^${name}`) });
    expect(item('Undo')).toHaveTextContent(/Undo(Ctrl|⌘)/);
    expect(item('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(item('Copy')).toHaveAttribute('aria-disabled', 'true');
    expect(item('Paste')).not.toHaveAttribute('aria-disabled');
    expect(item('Select all')).not.toHaveAttribute('aria-disabled');
    expect(item('Align left edges')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(item('Select all'));
    expect(store.getState().selected).toEqual(['start', 'menu']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Opened again, it knows what is selected now.
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('menu', { name: 'Edit' });
    expect(within(again).getByRole('menuitem', { name: /^Align left edges/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    fireEvent.click(within(again).getByRole('menuitem', { name: /^Find modules/ }));
    expect(store.getState().tool).toBe('find');
  });

  it('duplicates the selection beside it, selecting the copies', () => {
    const store = createBuilderStore({ botId: 'b1', flow: twoModules(), revision: 0 });
    renderWithApp(<Toolbar store={store} />);
    store.getState().select(['menu']);
    fireEvent.keyDown(screen.getByTestId('canvas'), { key: 'd', ctrlKey: true });
    const copy = store.getState().flow.modules.at(-1);
    expect(copy).toMatchObject({ type: 'text', content: { text: 'Menu' }, position: { x: 440, y: 40 } });
    expect(store.getState().selected).toEqual([copy?.id]);
  });
});

const published = (deployments: PublishResponse['deployments']): PublishResponse => ({
  version: { version: 7, created_at: '2026-11-24T09:30:00.000Z', modules: 5 },
  findings: [],
  deployments,
});

function renderPublished(response: PublishResponse | undefined, onClose = vi.fn()) {
  renderWithApp(
    <MemoryRouter>
      <PublishedDialog botId="b1" published={response} open onClose={onClose} />
    </MemoryRouter>,
  );
  return onClose;
}

describe('the published dialog', () => {
  it('lists every web chat the version now runs on, with its key and when it was added', () => {
    const onClose = renderPublished(
      published([
        deployment({ id: 'd1', key: 'key-lobby', created_at: '2026-11-02T10:00:00.000Z' }),
        deployment({ id: 'd2', key: 'key-spa', created_at: '2026-11-20T10:00:00.000Z' }),
      ]),
    );
    const dialog = screen.getByRole('dialog', { name: 'Version 7 published' });
    expect(dialog).toHaveAccessibleDescription("This version now runs on the bot's 2 web chats:");
    const list = within(dialog).getByRole('list', { name: 'Where the bot runs' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Web chatKey key-lobby · added Nov 2, 2026', 'Web chatKey key-spa · added Nov 20, 2026']);
    expect(within(dialog).getByRole('link', { name: 'Web chat settings' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/b1/settings',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('never says a bot on no website runs anywhere, and leads to adding web chat', () => {
    renderPublished(published([]));
    const dialog = screen.getByRole('dialog', { name: 'Version 7 published' });
    expect(dialog).toHaveAccessibleDescription(/^It runs nowhere yet: this bot has no web chat\./);
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add web chat' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/b1/settings',
    );
  });

  it('says it in Spanish to a Spanish user', () => {
    renderWithApp(
      <MemoryRouter>
        <PublishedDialog botId="b1" published={published([deployment()])} open onClose={vi.fn()} />
      </MemoryRouter>,
      { language: 'es' },
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).not.toMatch(/published|runs on|Web chat settings|Close/);
  });
});
