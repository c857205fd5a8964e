import { type Flow, starterFlow, type Trigger } from '@parley/flow';
import { flowFixture } from '@parley/flow/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useStore } from 'zustand';
import { renderWithApp } from '../../../test/render';
import { type BuilderStore, createBuilderStore } from '../model/builder-store';
import { variableUsages } from '../model/variables';
import { GlobalConnectionsPanel } from './global-connections-panel';
import { TriggerFields } from './trigger-fields';
import { VariablesPanel } from './variables-panel';

/**
 * A bot that asks for an e-mail, greets by first name (never set), counts visits in a declared
 * variable, and has a global connection that sets the plan when "agent" is typed.
 */
function hotelBot(): Flow {
  return flowFixture()
    .module(
      'ask_email',
      'input',
      { prompt: 'Your e-mail?', variable: 'email', validator: { type: 'email' } },
      { next: 'hello' },
      { name: 'Ask e-mail' },
    )
    .module('hello', 'text', { text: 'Hi {{ first_name }}, we wrote to {{ email }}' }, {}, { name: 'Hello' })
    .variable({ name: 'visits', default: 0, description: 'Times here' })
    .global({
      id: 'agent',
      name: 'Talk to a person',
      trigger: { type: 'keyword', keywords: ['agent'] },
      target: 'hello',
      actions: [{ type: 'set_variable', variable: 'plan', value: "'gold'" }],
    })
    .intent('refund', ['money back'])
    .onto(starterFlow('en'));
}

/** The panel as the builder's sidebar shows it: the usages follow the document. */
function LiveVariablesPanel({ store }: { store: BuilderStore }) {
  const flow = useStore(store, (state) => state.flow);
  return <VariablesPanel store={store} usages={variableUsages(flow)} />;
}

const renderVariables = (flow = hotelBot()) => {
  const store = createBuilderStore({ botId: 'b1', flow, revision: 0 });
  renderWithApp(<LiveVariablesPanel store={store} />);
  return store;
};

const variable = (name: string) => screen.getByRole('group', { name });

describe('the Variables panel', () => {
  it('lists every variable with where it is set and read, and what is wrong with it', () => {
    renderVariables();
    expect(within(variable('email')).getByText('Set in 1 · read in 1')).toBeInTheDocument();
    expect(within(variable('first_name')).getByText('Set in 0 · read in 1')).toBeInTheDocument();
    expect(within(variable('first_name')).getByText('Never set')).toBeInTheDocument();
    expect(within(variable('visits')).getByText('Declared')).toBeInTheDocument();
    expect(within(variable('visits')).queryByText('Never set')).not.toBeInTheDocument();
    expect(within(variable('plan')).getByText('Set in 1 · read in 0')).toBeInTheDocument();
    // The system variables are explained, not listed as the bot's.
    expect(screen.getByText('parley.transcript')).toBeInTheDocument();
    expect(screen.getByText('The conversation so far: who said what')).toBeInTheDocument();
  });

  it('says when the bot has no variables', () => {
    renderVariables(flowFixture().module('start', 'text', { text: 'Hi' }).build());
    expect(screen.getByText('No variables yet.')).toBeInTheDocument();
  });

  it('jumps to where a variable is set or read, and to the global connection that sets it', () => {
    const store = renderVariables();
    fireEvent.click(within(variable('email')).getByRole('button', { name: 'Open email' }));
    fireEvent.click(within(variable('email')).getByRole('button', { name: 'Hello' }));
    expect(store.getState().selected).toEqual(['hello']);
    expect(store.getState().focusRequest).toMatchObject({ moduleId: 'hello' });
    fireEvent.click(within(variable('plan')).getByRole('button', { name: 'Open plan' }));
    fireEvent.click(within(variable('plan')).getByRole('button', { name: 'Global: Talk to a person' }));
    expect(store.getState().tool).toBe('globals');
  });

  it('refuses a new name the schema refuses, a reserved one, or one declared already', () => {
    const store = renderVariables();
    const name = screen.getByRole('textbox', { name: 'New variable' });
    const declare = () => screen.getAllByRole('button', { name: 'Declare' })[0] as HTMLElement;
    fireEvent.change(name, { target: { value: '2nights' } });
    expect(screen.getByText('Use letters, digits and _, not starting with a digit')).toBeInTheDocument();
    expect(declare()).toBeDisabled();
    fireEvent.change(name, { target: { value: 'parley' } });
    expect(screen.getByText('This name is reserved')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'visits' } });
    expect(screen.getByText('A variable has this name')).toBeInTheDocument();
    expect(declare()).toBeDisabled();
    fireEvent.submit(name);
    expect(store.getState().flow.variables).toHaveLength(1);
  });

  it('declares a new variable and clears the field', () => {
    const store = renderVariables();
    const name = screen.getByRole('textbox', { name: 'New variable' });
    fireEvent.change(name, { target: { value: 'room_type' } });
    fireEvent.submit(name);
    expect(store.getState().flow.variables.at(-1)).toEqual({
      name: 'room_type',
      default: null,
      description: '',
    });
    expect(name).toHaveValue('');
    expect(within(variable('room_type')).getByText('Declared')).toBeInTheDocument();
  });

  it('declares a used variable with a starting value read as JSON or as text, and a description', () => {
    const store = renderVariables();
    const firstName = variable('first_name');
    fireEvent.click(within(firstName).getByRole('button', { name: 'Open first_name' }));
    fireEvent.change(within(firstName).getByRole('textbox', { name: 'Starting value' }), {
      target: { value: 'guest' },
    });
    fireEvent.change(within(firstName).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'What the guest is called' },
    });
    fireEvent.click(within(firstName).getByRole('button', { name: 'Declare' }));
    expect(store.getState().flow.variables.at(-1)).toEqual({
      name: 'first_name',
      default: 'guest',
      description: 'What the guest is called',
    });

    const visits = variable('visits');
    fireEvent.click(within(visits).getByRole('button', { name: 'Open visits' }));
    const start = within(visits).getByRole('textbox', { name: 'Starting value' });
    expect(start).toHaveValue('0');
    fireEvent.change(start, { target: { value: '[1, 2]' } });
    fireEvent.click(within(visits).getByRole('button', { name: 'Save' }));
    expect(store.getState().flow.variables[0]).toEqual({
      name: 'visits',
      default: [1, 2],
      description: 'Times here',
    });
    fireEvent.change(start, { target: { value: '  ' } });
    fireEvent.click(within(visits).getByRole('button', { name: 'Save' }));
    expect(store.getState().flow.variables[0]?.default).toBeNull();
  });

  it('renames a variable everywhere it is set and read, and refuses a name in use', () => {
    const store = renderVariables();
    const email = variable('email');
    fireEvent.click(within(email).getByRole('button', { name: 'Open email' }));
    const name = within(email).getByRole('textbox', { name: 'Name' });
    expect(within(email).getByRole('button', { name: 'Rename' })).toBeDisabled();
    expect(within(email).getByText('Every module that sets or reads it follows')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'first_name' } });
    expect(within(email).getByText('A variable has this name')).toBeInTheDocument();
    expect(within(email).getByRole('button', { name: 'Rename' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'guest_email' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Rename' }));
    const [ask, hello] = store.getState().flow.modules;
    expect(ask?.type === 'input' && ask.content.variable).toBe('guest_email');
    expect(hello?.type === 'text' && hello.content.text).toBe(
      'Hi {{ first_name }}, we wrote to {{ guest_email }}',
    );
    expect(screen.queryByRole('group', { name: 'email' })).not.toBeInTheDocument();
    expect(variable('guest_email')).toBeInTheDocument();
  });

  it('removes a declaration, keeping the variable where the flow uses it', () => {
    const store = renderVariables(
      flowFixture()
        .module('hello', 'text', { text: 'Visit {{ visits }}' })
        .variable({ name: 'visits', default: 0 })
        .build(),
    );
    fireEvent.click(within(variable('visits')).getByRole('button', { name: 'Open visits' }));
    fireEvent.click(within(variable('visits')).getByRole('button', { name: 'Remove declaration' }));
    expect(store.getState().flow.variables).toEqual([]);
    expect(within(variable('visits')).getByText('Never set')).toBeInTheDocument();
  });
});

const renderGlobals = (flow = hotelBot()) => {
  const store = createBuilderStore({ botId: 'b1', flow, revision: 0 });
  renderWithApp(<GlobalConnectionsPanel store={store} />);
  return store;
};

const globalOf = (store: BuilderStore, index = 0) => store.getState().flow.globalConnections[index];

/** Picks an option of a MUI select field. */
function choose(container: HTMLElement, field: string, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: field }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('the Global connections panel', () => {
  it('lists each global connection with its trigger and where it goes', () => {
    renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    expect(agent).toHaveTextContent('“agent” → Hello');
    expect(within(agent).getByRole('switch', { name: 'Talk to a person is on' })).toBeChecked();
  });

  it('says when there are none, and shows them on the canvas when asked', () => {
    const store = renderGlobals(flowFixture().module('start', 'text', { text: 'Hi' }).build());
    expect(screen.getByText('No global connections yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Show on the canvas' }));
    expect(store.getState().showGlobals).toBe(true);
  });

  it('adds one leading to the selected module, open to edit', () => {
    const store = renderGlobals();
    store.getState().select(['ask_email']);
    fireEvent.click(screen.getByRole('button', { name: 'Add global connection' }));
    expect(globalOf(store, 1)).toMatchObject({
      trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
      target: 'ask_email',
      enabled: true,
    });
    const added = screen.getByRole('group', { name: '“help”' });
    expect(within(added).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(added).getByRole('combobox', { name: 'Go to' })).toHaveValue('Ask e-mail');
  });

  it('turns one off and on, and clones one right after it, open to edit', () => {
    const store = renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    fireEvent.click(within(agent).getByRole('switch', { name: 'Talk to a person is on' }));
    expect(globalOf(store)?.enabled).toBe(false);
    fireEvent.click(within(agent).getByRole('button', { name: 'Clone Talk to a person' }));
    const copy = globalOf(store, 1);
    expect(copy).toMatchObject({ name: 'Talk to a person (copy)', enabled: false, target: 'hello' });
    expect(copy?.id).not.toBe('agent');
    const copyGroup = screen.getByRole('group', { name: 'Talk to a person (copy)' });
    expect(within(copyGroup).getByRole('textbox', { name: 'Name' })).toHaveValue('Talk to a person (copy)');
  });

  it('edits the name, keywords and match, each change going into the document', () => {
    const store = renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    fireEvent.click(within(agent).getByRole('button', { name: 'Edit Talk to a person' }));
    fireEvent.change(within(agent).getByRole('textbox', { name: 'Name' }), { target: { value: 'Human' } });
    expect(globalOf(store)?.name).toBe('Human');
    const group = screen.getByRole('group', { name: 'Human' });
    const keywords = within(group).getByRole('combobox', { name: 'Keywords' });
    fireEvent.change(keywords, { target: { value: ' person ' } });
    fireEvent.keyDown(keywords, { key: 'Enter' });
    expect(globalOf(store)?.trigger).toEqual({
      type: 'keyword',
      keywords: ['agent', 'person'],
      match: 'exact',
    });
    choose(group, 'Match', 'Anywhere in the message');
    expect(globalOf(store)?.trigger).toMatchObject({ match: 'contains' });
    expect(group).toHaveTextContent('“agent”, “person” … → Hello');
  });

  it('keeps a trigger without keywords out of the document, saying why', () => {
    const store = renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    fireEvent.click(within(agent).getByRole('button', { name: 'Edit Talk to a person' }));
    fireEvent.click(within(agent).getByTestId('CancelIcon'));
    expect(within(agent).getByText('Add at least one keyword')).toBeInTheDocument();
    expect(globalOf(store)?.trigger).toMatchObject({ keywords: ['agent'] });
  });

  it('refuses a priority out of range or not whole, and takes a good one', () => {
    const store = renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    fireEvent.click(within(agent).getByRole('button', { name: 'Edit Talk to a person' }));
    const priority = within(agent).getByRole('spinbutton', { name: 'Priority' });
    expect(within(agent).getByText('Higher ones are checked first')).toBeInTheDocument();
    fireEvent.change(priority, { target: { value: '5000' } });
    expect(within(agent).queryByText('Higher ones are checked first')).not.toBeInTheDocument();
    expect(globalOf(store)?.priority).toBe(0);
    fireEvent.change(priority, { target: { value: '' } });
    expect(globalOf(store)?.priority).toBe(0);
    fireEvent.change(priority, { target: { value: '1.5' } });
    expect(globalOf(store)?.priority).toBe(0);
    fireEvent.change(priority, { target: { value: '7' } });
    expect(globalOf(store)?.priority).toBe(7);
    expect(within(agent).getByText('Higher ones are checked first')).toBeInTheDocument();
  });

  it('changes where it goes, and its Set Variable actions', () => {
    const store = renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    fireEvent.click(within(agent).getByRole('button', { name: 'Edit Talk to a person' }));
    const target = within(agent).getByRole('combobox', { name: 'Go to' });
    fireEvent.mouseDown(target);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Ask e-mail'));
    expect(globalOf(store)?.target).toBe('ask_email');
    fireEvent.change(within(agent).getByRole('textbox', { name: 'Value (Jinja expression)' }), {
      target: { value: "'silver'" },
    });
    expect(globalOf(store)?.actions).toEqual([{ type: 'set_variable', variable: 'plan', value: "'silver'" }]);
    fireEvent.click(within(agent).getByRole('button', { name: 'Add Set Variable' }));
    // A new action is not in the document before it names its variable.
    expect(globalOf(store)?.actions).toHaveLength(1);
    const variables = within(agent).getAllByRole('combobox', { name: 'Variable' });
    fireEvent.change(variables[1] as HTMLElement, { target: { value: 'vip' } });
    expect(globalOf(store)?.actions).toEqual([
      { type: 'set_variable', variable: 'plan', value: "'silver'" },
      { type: 'set_variable', variable: 'vip', value: '' },
    ]);
  });

  it('says where a connection leads when its module is gone, and asks for one', () => {
    renderGlobals(
      flowFixture()
        .module('start', 'text', { text: 'Hi' })
        .global({ id: 'g1', name: 'Lost', trigger: { type: 'postback', payload: 'MENU' }, target: 'gone' })
        .build(),
    );
    const lost = screen.getByRole('group', { name: 'Lost' });
    expect(lost).toHaveTextContent('→ a missing module');
    fireEvent.click(within(lost).getByRole('button', { name: 'Edit Lost' }));
    expect(within(lost).getByText('Choose the module to go to')).toBeInTheDocument();
  });

  it('deletes one, undoably', () => {
    const store = renderGlobals();
    const agent = screen.getByRole('group', { name: 'Talk to a person' });
    fireEvent.click(within(agent).getByRole('button', { name: 'Edit Talk to a person' }));
    fireEvent.click(within(agent).getByRole('button', { name: 'Delete global connection' }));
    expect(store.getState().flow.globalConnections).toEqual([]);
    expect(screen.getByText('No global connections yet.')).toBeInTheDocument();
    store.getState().undo();
    expect(globalOf(store)?.id).toBe('agent');
  });
});

/** The trigger fields with the trigger they edit. */
function EditTrigger({
  initial,
  intents,
  onChange,
}: {
  initial: Trigger;
  intents: string[];
  onChange(t: Trigger): void;
}) {
  const [trigger, setTrigger] = useState(initial);
  return (
    <TriggerFields
      trigger={trigger}
      intents={intents}
      errors={{}}
      onChange={(next) => {
        setTrigger(next);
        onChange(next);
      }}
    />
  );
}

describe('the trigger fields', () => {
  const keyword: Trigger = { type: 'keyword', keywords: ['help'], match: 'exact' };

  it('switches kind, each starting as the builder offers it', () => {
    const onChange = vi.fn();
    renderWithApp(<EditTrigger initial={keyword} intents={['refund', 'hours']} onChange={onChange} />);
    const body = document.body;
    choose(body, 'Trigger', 'Regular expression');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'regex', pattern: '^help', flags: 'i' });
    expect(screen.getByRole('textbox', { name: 'Pattern (regular expression)' })).toHaveValue('^help');
    choose(body, 'Trigger', 'Intent');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'intent', intent: 'refund', threshold: 0.5 });
    choose(body, 'Intent', 'hours');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'intent', intent: 'hours', threshold: 0.5 });
    choose(body, 'Trigger', 'Postback');
    expect(screen.getByText('Sent by a postback button')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Postback payload' }), {
      target: { value: 'MENU' },
    });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'postback', payload: 'MENU' });
  });

  it('choosing the kind it already is changes nothing', () => {
    const onChange = vi.fn();
    renderWithApp(<EditTrigger initial={keyword} intents={[]} onChange={onChange} />);
    choose(document.body, 'Trigger', 'Keywords');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says a bot without intents has none to listen for', () => {
    renderWithApp(
      <EditTrigger
        initial={{ type: 'intent', intent: '', threshold: 0.5 }}
        intents={[]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByText('This bot has no intents yet')).toBeInTheDocument();
  });

  it('says at once why a pattern cannot be used', () => {
    renderWithApp(
      <EditTrigger
        initial={{ type: 'regex', pattern: '(?<=a)b', flags: 'i' }}
        intents={[]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByText(/^This pattern cannot be used: lookahead and lookbehind/)).toBeInTheDocument();
  });

  it('shows the form’s errors by field', () => {
    renderWithApp(
      <TriggerFields
        trigger={{ type: 'postback', payload: '' }}
        intents={[]}
        errors={{ 'trigger.payload': 'Too small: expected string to have >=1 characters' }}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Too small: expected string to have >=1 characters')).toBeInTheDocument();
    expect(screen.queryByText('Sent by a postback button')).not.toBeInTheDocument();
  });
});
