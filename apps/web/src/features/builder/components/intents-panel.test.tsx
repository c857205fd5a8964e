import { type Flow, flowSchema, starterFlow } from '@parley/flow';
import { PanelHostProvider, panelOf } from '@parley/modules/panels';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { createBuilderStore } from '../model/builder-store';
import { variableUsages } from '../model/variables';
import { IntentsPanel } from './intents-panel';
import { VariablesPanel } from './variables-panel';

/** A bot whose router "Ask" routes refund, with an intent trigger on it too. */
function routedBot(): Flow {
  const starter = starterFlow('en');
  return flowSchema.parse({
    ...starter,
    modules: [
      ...starter.modules,
      {
        id: 'ask',
        name: 'Ask',
        type: 'intent_router',
        content: { intents: ['refund'] },
        connections: [{ id: 'ask-refund', port: 'intent:refund', target: 'start' }],
      },
    ],
    intents: [{ name: 'refund', utterances: ['money back'] }],
  });
}

const csvFile = (name: string, content: string) => new File([content], name, { type: 'text/csv' });

// jsdom's files cannot read themselves as text (browsers' can): read them as browsers did before.
Blob.prototype.text ??= function text(this: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(this);
  });
};

const renderIntents = (flow = routedBot()) => {
  const store = createBuilderStore({ botId: 'b', flow, revision: 0 });
  renderWithApp(<IntentsPanel store={store} />);
  return store;
};

describe('the Intents panel', () => {
  it('creates an intent and adds training phrases, each an undoable edit', () => {
    const store = renderIntents();
    fireEvent.change(screen.getByRole('textbox', { name: 'New intent' }), { target: { value: 'hours' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const hours = screen.getByRole('group', { name: 'hours' });
    // A new intent opens, ready for its phrases.
    const phrase = within(hours).getByRole('textbox', { name: 'Training phrase' });
    fireEvent.change(phrase, { target: { value: 'when are you open' } });
    fireEvent.click(within(hours).getByRole('button', { name: 'Add' }));
    expect(store.getState().flow.intents.at(-1)).toEqual({
      name: 'hours',
      utterances: ['when are you open'],
    });
    store.getState().undo();
    expect(store.getState().flow.intents.at(-1)).toEqual({ name: 'hours', utterances: [] });
  });

  it('makes what people type an intent name, and refuses one that is taken or has nothing left', () => {
    const store = renderIntents();
    const name = screen.getByRole('textbox', { name: 'New intent' });
    fireEvent.change(name, { target: { value: 'refund' } });
    expect(screen.getByText('An intent has this name')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '¿?' } });
    expect(screen.getByText('Use letters or digits (and _, . or -), at most 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Envíos a domicilio' } });
    expect(screen.getByText('Becomes the intent Envios_a_domicilio')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(store.getState().flow.intents.at(-1)?.name).toBe('Envios_a_domicilio');
  });

  it('renames an intent, and the router that routes it follows', () => {
    const store = renderIntents();
    fireEvent.click(screen.getByRole('button', { name: 'Open refund' }));
    const refund = screen.getByRole('group', { name: 'refund' });
    fireEvent.change(within(refund).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'money_back' },
    });
    fireEvent.click(within(refund).getByRole('button', { name: 'Rename' }));
    const ask = store.getState().flow.modules.find((module) => module.id === 'ask');
    expect(ask?.type === 'intent_router' && ask.content.intents).toEqual(['money_back']);
    expect(ask?.connections[0]?.port).toBe('intent:money_back');
  });

  it('warns before deleting an intent a router uses, saying what happens', () => {
    const store = renderIntents();
    fireEvent.click(screen.getByRole('button', { name: 'Open refund' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete the intent refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the intent “refund”?' });
    expect(dialog).toHaveTextContent('The intent router Ask routes it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.getState().flow.intents).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the intent refund' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(store.getState().flow.intents).toEqual([]);
    expect(store.getState().flow.modules.find((module) => module.id === 'ask')?.connections).toEqual([]);
  });

  it('imports a CSV file, and a bad one changes nothing and names the line', async () => {
    const store = renderIntents();
    const input = screen.getByLabelText('CSV file of intents to import');
    const bad = new File(['intent,phrase\nrefund,money please\nmy intent,hi\n'], 'bad.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [bad] } });
    await screen.findByText(
      'Nothing was imported from bad.csv. Line 3: “my intent” is not an intent name (letters, digits, _, . and -, at most 100, no spaces).',
    );
    expect(store.getState().flow).toEqual(routedBot());
    const good = csvFile('good.csv', 'intent,phrase\nrefund,money please\nhours,when are you open\n');
    fireEvent.change(input, { target: { files: [good] } });
    await screen.findByText('Imported from good.csv: 2 new phrases and 1 new intent.');
    expect(store.getState().flow.intents).toEqual([
      { name: 'refund', utterances: ['money back', 'money please'] },
      { name: 'hours', utterances: ['when are you open'] },
    ]);
    store.getState().undo();
    await waitFor(() => expect(store.getState().flow.intents).toEqual(routedBot().intents));
  });
});

const NoTemplateField = () => null;

describe('the intent router’s intent field', () => {
  it('creates an intent in place and routes it', async () => {
    const Panel = panelOf('intent_router');
    const onOptionsChange = vi.fn();
    const createIntent = vi.fn();
    renderWithApp(
      <PanelHostProvider
        value={{
          TemplateField: NoTemplateField,
          variables: [],
          intents: ['refund'],
          intentPhrases: { refund: 0 },
          createIntent,
          openIntent: vi.fn(),
        }}
      >
        <Panel
          options={{ prompt: '', threshold: 0.5, intents: ['refund'] }}
          onOptionsChange={onOptionsChange}
          errors={{}}
        />
      </PanelHostProvider>,
    );
    // A routed intent without phrases is pointed out, with the way to add them.
    expect(screen.getByRole('button', { name: 'Add training phrases to “refund”' })).toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Intents' });
    await userEvent.setup().type(field, 'opening hours');
    fireEvent.click(await screen.findByRole('option', { name: 'Create the intent “opening_hours”' }));
    expect(createIntent).toHaveBeenCalledWith('opening_hours');
    expect(onOptionsChange).toHaveBeenLastCalledWith({
      prompt: '',
      intents: ['refund', 'opening_hours'],
      threshold: 0.5,
    });
  });
});

describe('the Variables panel', () => {
  it('declares a name the flow uses without declaring it', () => {
    const starter = starterFlow('en');
    const flow = flowSchema.parse({
      ...starter,
      modules: [{ ...starter.modules[0], content: { text: 'Hello {{ first_name }}' } }],
    });
    const store = createBuilderStore({ botId: 'b', flow, revision: 0 });
    renderWithApp(<VariablesPanel store={store} usages={variableUsages(flow)} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'New variable' }), {
      target: { value: 'first_name' },
    });
    expect(
      screen.getByText('Used in the flow but not declared yet: Declare keeps its uses'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Declare' }));
    expect(store.getState().flow.variables).toEqual([{ name: 'first_name', default: null, description: '' }]);
  });
});
