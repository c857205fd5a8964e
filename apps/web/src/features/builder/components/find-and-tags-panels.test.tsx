import { type Flow, starterFlow } from '@parley/flow';
import { flowFixture } from '@parley/flow/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { createBuilderStore } from '../model/builder-store';
import { FindPanel } from './find-panel';
import { TagsPanel } from './tags-panel';

/** A front desk bot: a welcome, a menu with a button, a question, and two tags. */
function frontDesk(): Flow {
  return flowFixture()
    .module('start', 'text', { text: 'Welcome to Seaside Inn!' }, { next: 'menu' }, { name: 'Welcome' })
    .module(
      'menu',
      'buttons',
      {
        text: 'What can I do for you?',
        buttons: [{ id: 'book', label: 'Book a room', action: { type: 'goto' } }],
      },
      {},
      { name: 'Menu', tags: ['sales'] },
    )
    .module(
      'ask_email',
      'input',
      { prompt: 'Your e-mail, please?', variable: 'email', validator: { type: 'email' } },
      {},
      { name: '', tags: ['sales'] },
    )
    .tag({ id: 'sales', name: 'Sales', color: '#10b981' })
    .tag({ id: 'support', name: 'Support', color: '#ef4444' })
    .onto(starterFlow('en'));
}

const renderFind = (flow = frontDesk()) => {
  const store = createBuilderStore({ botId: 'b1', flow, revision: 0 });
  renderWithApp(<FindPanel store={store} modules={flow.modules} />);
  return store;
};

const find = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Find modules by name or content' }), {
    target: { value: text },
  });

const found = () =>
  within(screen.getByRole('list', { name: 'Modules found' }))
    .queryAllByRole('button')
    .map((item) => item.textContent);

describe('the Find panel', () => {
  it('finds nothing and says nothing before anything is typed', () => {
    renderFind();
    expect(screen.getByRole('textbox', { name: 'Find modules by name or content' })).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(found()).toEqual([]);
  });

  it('finds modules by name, whatever the case, showing a line of each', async () => {
    renderFind();
    find('  MENU ');
    expect(await screen.findByRole('status')).toHaveTextContent('1 module');
    expect(found()).toEqual(['MenuWhat can I do for you?']);
  });

  it('finds text anywhere in a module’s content, a button label too, and shows the line that matched', async () => {
    renderFind();
    find('book a');
    expect(await screen.findByRole('status')).toHaveTextContent('1 module');
    expect(found()).toEqual(['MenuBook a room']);
  });

  it('finds a module by its id, named by its id when it has no name', async () => {
    renderFind();
    find('ask_');
    await screen.findByText('1 module');
    expect(found()).toEqual(['ask_emailYour e-mail, please?']);
  });

  it('counts several matches and says when none match', async () => {
    renderFind();
    find('e');
    expect(await screen.findByRole('status')).toHaveTextContent(/^\d+ modules$/);
    expect(found().length).toBeGreaterThan(1);
    find('breakfast');
    expect(await screen.findByRole('status')).toHaveTextContent('0 modules');
    expect(found()).toEqual([]);
  });

  it('jumps to a module found: selects it and asks the canvas to show it', async () => {
    const store = renderFind();
    find('seaside');
    fireEvent.click(await screen.findByRole('button', { name: /Welcome/ }));
    expect(store.getState().selected).toEqual(['start']);
    expect(store.getState().focusRequest).toMatchObject({ moduleId: 'start' });
  });
});

const renderTags = (flow = frontDesk()) => {
  const store = createBuilderStore({ botId: 'b1', flow, revision: 0 });
  renderWithApp(<TagsPanel store={store} />);
  return store;
};

describe('the Tags panel', () => {
  it('lists the tags with how many modules have each', () => {
    renderTags();
    expect(within(screen.getByRole('group', { name: 'Sales' })).getByText('2 modules')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Support' })).getByText('0 modules')).toBeInTheDocument();
  });

  it('says there are none yet, and how tags are used', () => {
    renderTags(flowFixture().module('start', 'text', { text: 'Hi' }).build());
    expect(screen.getByText(/^No tags yet\. Tags group modules/)).toBeInTheDocument();
  });

  it('creates a tag in the colour picked, with Enter too, and clears the field', () => {
    const store = renderTags();
    const name = screen.getByRole('textbox', { name: 'New tag' });
    expect(screen.getByRole('button', { name: 'Create tag' })).toBeDisabled();
    fireEvent.change(name, { target: { value: '  Late check-out ' } });
    const colours = screen.getByRole('radiogroup', { name: 'Colour' });
    expect(within(colours).getByRole('radio', { name: '#6366f1' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(colours).getByRole('radio', { name: '#f59e0b' }));
    expect(within(colours).getByRole('radio', { name: '#f59e0b' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.submit(name);
    expect(store.getState().flow.tags.at(-1)).toEqual({
      id: 'late-check-out',
      name: 'Late check-out',
      color: '#f59e0b',
    });
    expect(name).toHaveValue('');
    expect(screen.getByRole('group', { name: 'Late check-out' })).toBeInTheDocument();
    store.getState().undo();
    expect(store.getState().flow.tags.map((tag) => tag.id)).toEqual(['sales', 'support']);
  });

  it('refuses a name a tag has, whatever its case, and a blank one', () => {
    const store = renderTags();
    const name = screen.getByRole('textbox', { name: 'New tag' });
    fireEvent.change(name, { target: { value: 'sales ' } });
    expect(screen.getByText('There is a tag with this name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create tag' })).toBeDisabled();
    fireEvent.submit(name);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(screen.queryByText('There is a tag with this name')).not.toBeInTheDocument();
    fireEvent.submit(name);
    expect(store.getState().flow.tags).toHaveLength(2);
  });

  it('keeps a name to 60 characters', () => {
    renderTags();
    const name = screen.getByRole('textbox', { name: 'New tag' });
    fireEvent.change(name, { target: { value: 'x'.repeat(80) } });
    expect(name).toHaveValue('x'.repeat(60));
  });

  it('pins a tag to list its modules, goes to one, and unpins', () => {
    const store = renderTags();
    const sales = screen.getByRole('group', { name: 'Sales' });
    const pin = within(sales).getByRole('button', { name: 'Pin Sales' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    expect(within(sales).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    fireEvent.click(pin);
    expect(store.getState().pinnedTags).toEqual(['sales']);
    expect(pin).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(sales).getByRole('button', { name: 'ask_email' }));
    expect(store.getState().selected).toEqual(['ask_email']);
    expect(store.getState().focusRequest).toMatchObject({ moduleId: 'ask_email' });
    fireEvent.click(pin);
    expect(store.getState().pinnedTags).toEqual([]);
    expect(within(sales).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('says a pinned tag has no modules yet', () => {
    renderTags();
    const support = screen.getByRole('group', { name: 'Support' });
    fireEvent.click(within(support).getByRole('button', { name: 'Pin Support' }));
    expect(within(support).getByText('No module has this tag yet')).toBeInTheDocument();
  });

  it('deletes a tag: off every module, unpinned, undoable', () => {
    const store = renderTags();
    const sales = screen.getByRole('group', { name: 'Sales' });
    fireEvent.click(within(sales).getByRole('button', { name: 'Pin Sales' }));
    fireEvent.click(within(sales).getByRole('button', { name: 'Delete Sales' }));
    expect(screen.queryByRole('group', { name: 'Sales' })).not.toBeInTheDocument();
    expect(store.getState().flow.tags.map((tag) => tag.id)).toEqual(['support']);
    expect(store.getState().flow.modules.filter((module) => module.tags.length > 0)).toEqual([]);
    expect(store.getState().pinnedTags).toEqual([]);
    store.getState().undo();
    expect(store.getState().flow.modules.find((module) => module.id === 'menu')?.tags).toEqual(['sales']);
  });
});
