import type { Finding, Flow } from '@parley/flow';
import { flowFixture } from '@parley/flow/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { createBuilderStore } from '../model/builder-store';
import { createDebugger, DebuggerContext } from '../model/debugger';
import { ModuleEditor } from './module-editor';

function frontDesk(): Flow {
  return flowFixture()
    .module('start', 'text', { text: 'Welcome!' }, { next: 'menu' }, { name: 'Welcome' })
    .module('menu', 'text', { text: 'How can I help?' }, {}, { name: 'Menu' })
    .tag({ id: 'sales', name: 'Sales', color: '#10b981' })
    .tag({ id: 'support', name: 'Support', color: '#ef4444' })
    .build();
}

function renderEditor(
  moduleId: string,
  { findings = [] as Finding[], layout = 'side' as 'side' | 'page' } = {},
) {
  const store = createBuilderStore({ botId: 'b1', flow: frontDesk(), revision: 0 });
  const start = vi.fn(() => new Promise<never>(() => {}));
  const debug = createDebugger(store, { start, send: vi.fn() });
  const onClose = vi.fn();
  renderWithApp(
    <MemoryRouter>
      <DebuggerContext.Provider value={debug}>
        <ModuleEditor
          store={store}
          moduleId={moduleId}
          findings={findings}
          layout={layout}
          onClose={onClose}
        />
      </DebuggerContext.Provider>
    </MemoryRouter>,
  );
  const module = () => store.getState().flow.modules.find((candidate) => candidate.id === moduleId);
  return { store, module, onClose, start };
}

describe('the module editor', () => {
  it('says what the module is, and renames it as one undo step however much is typed', () => {
    const { store, module } = renderEditor('menu');
    const editor = screen.getByRole('region', { name: 'Edit Menu' });
    expect(editor).toHaveTextContent('Text');
    expect(editor).toHaveTextContent('menu');
    const name = within(editor).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Main' } });
    fireEvent.change(name, { target: { value: 'Main menu' } });
    fireEvent.blur(name);
    expect(module()?.name).toBe('Main menu');
    store.getState().undo();
    expect(module()?.name).toBe('Menu');
  });

  it('marks the start module, which cannot be deleted', () => {
    renderEditor('start');
    const editor = screen.getByRole('region', { name: 'Edit Welcome' });
    expect(editor).toHaveTextContent('Text · Start');
    expect(within(editor).queryByRole('button', { name: 'Delete module' })).not.toBeInTheDocument();
  });

  it('keeps a name to 120 characters', () => {
    const { module } = renderEditor('menu');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'n'.repeat(150) } });
    expect(module()?.name).toHaveLength(120);
  });

  it('edits the module’s content through its type’s panel, only valid content reaching the flow', async () => {
    const { module } = renderEditor('menu');
    const text = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(text, { target: { value: 'What can I do for you?' } });
    expect(module()?.content).toEqual({ text: 'What can I do for you?' });
    fireEvent.change(text, { target: { value: '' } });
    expect(await screen.findByText('Write what the bot says')).toBeInTheDocument();
    expect(module()?.content).toEqual({ text: 'What can I do for you?' });
  });

  it('shows what the validator says about this module only', () => {
    renderEditor('menu', {
      findings: [
        { severity: 'warning', code: 'dead-end', message: 'Menu leads nowhere', moduleId: 'menu' },
        { severity: 'error', code: 'unreachable', message: 'Welcome is broken', moduleId: 'start' },
      ],
    });
    expect(screen.getByText('Menu leads nowhere')).toBeInTheDocument();
    expect(screen.queryByText('Welcome is broken')).not.toBeInTheDocument();
  });

  it('tags the module with the bot’s tags', () => {
    const { module } = renderEditor('menu');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tags' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Support' }));
    expect(module()?.tags).toEqual(['support']);
  });

  it('makes the module a goal with a value, refusing a negative one', () => {
    const { module } = renderEditor('menu');
    expect(screen.queryByRole('spinbutton', { name: 'Worth' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Reaching it completes a goal' }));
    expect(module()?.isGoal).toBe(true);
    const worth = screen.getByRole('spinbutton', { name: 'Worth' });
    fireEvent.change(worth, { target: { value: '25' } });
    expect(module()?.goalValue).toBe(25);
    fireEvent.change(worth, { target: { value: '-5' } });
    expect(module()?.goalValue).toBe(25);
    fireEvent.change(worth, { target: { value: '' } });
    expect(module()?.goalValue).toBeUndefined();
  });

  it('deletes the module and closes', () => {
    const { store, onClose } = renderEditor('menu');
    fireEvent.click(screen.getByRole('button', { name: 'Delete module' }));
    expect(store.getState().flow.modules.map((candidate) => candidate.id)).toEqual(['start']);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('starts a test conversation from this module, opening the debugger', async () => {
    const { store, start, onClose } = renderEditor('menu');
    fireEvent.click(screen.getByRole('button', { name: 'Test from this module' }));
    expect(store.getState().tool).toBe('debug');
    await waitFor(() => expect(start).toHaveBeenCalledWith('b1', 'menu'));
    fireEvent.click(screen.getByRole('button', { name: 'Close the editor' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Open full page' })).toHaveAttribute(
      'href',
      '/module/menu/settings',
    );
  });

  it('as its own page, has no side buttons', () => {
    renderEditor('menu', { layout: 'page' });
    expect(screen.queryByRole('button', { name: 'Test from this module' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open full page' })).not.toBeInTheDocument();
  });
});
