import { definitionOf, type ModuleType, moduleTypes } from '@parley/modules';
import { PanelHostProvider, panelOf, usePanelHost } from '@parley/modules/panels';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';

function renderPanel(type: ModuleType, options: unknown = definitionOf(type).defaults) {
  const Panel = panelOf(type);
  const onOptionsChange = vi.fn();
  renderWithApp(<Panel options={options} onOptionsChange={onOptionsChange} errors={{}} />);
  return onOptionsChange;
}

/** The panel as the builder shows it, told whether the server has a model. */
function LlmWithHost({ configured, onChange }: { configured?: boolean; onChange(value: unknown): void }) {
  const host = usePanelHost();
  const Panel = panelOf('llm');
  return (
    <PanelHostProvider
      value={
        configured === undefined
          ? host
          : { ...host, llm: { configured, helpUrl: 'https://support.example.com/models' } }
      }
    >
      <Panel options={definitionOf('llm').defaults} onOptionsChange={onChange} errors={{}} />
    </PanelHostProvider>
  );
}

describe('module panels', () => {
  it.each(moduleTypes)('%s: edits its defaults without errors', (type) => {
    renderPanel(type);
    // Every panel has at least one field, each with a translated label.
    expect(
      document.querySelectorAll('input, textarea, [role="combobox"], [role="slider"]').length,
    ).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/\b(kit|text|input|llm)\.[a-z]+/);
  });

  it('adds a Set Variable action to a button', () => {
    const onChange = renderPanel('buttons');
    const button = screen.getByRole('group', { name: 'Option 1' });
    fireEvent.click(within(button).getByRole('button', { name: 'Add Set Variable' }));
    expect(onChange).toHaveBeenLastCalledWith({
      text: 'What would you like to do?',
      buttons: [
        {
          id: 'b1',
          label: 'Option 1',
          action: { type: 'goto' },
          setVariables: [{ variable: '', value: '' }],
        },
      ],
    });
  });

  it('gives a new button an id no other button of the module has', () => {
    const onChange = renderPanel('carousel', {
      cards: [
        { title: 'One', buttons: [{ id: 'b1', label: 'A', action: { type: 'goto' }, setVariables: [] }] },
        { title: 'Two', buttons: [] },
      ],
    });
    const second = screen.getByRole('group', { name: 'Card 2' });
    fireEvent.click(within(second).getByRole('button', { name: 'Add button' }));
    const cards = onChange.mock.lastCall?.[0].cards;
    expect(cards[1].buttons[0].id).toBe('b2');
  });

  it('says at once why a pattern cannot be used, with the compiler the bot runs', () => {
    renderPanel('input', {
      prompt: 'Your code?',
      variable: 'code',
      validator: { type: 'regex', pattern: '^(?=.*\\d)\\w+$', flags: 'i' },
      retryMessage: 'Try again.',
      maxRetries: 2,
      skippable: false,
      skipWords: ['skip'],
    });
    expect(
      screen.getByText(/^This pattern cannot be used: lookahead and lookbehind .* are not supported$/),
    ).toBeTruthy();
  });

  it('shows field errors by path', () => {
    const Panel = panelOf('text');
    renderWithApp(
      <Panel
        options={{ text: '' }}
        onOptionsChange={() => {}}
        errors={{ text: 'Write what the bot says' }}
      />,
    );
    expect(screen.getByText('Write what the bot says')).toBeInTheDocument();
  });

  it('keeps a delay in the unit it reads best in', () => {
    const onChange = renderPanel('delay', { seconds: 7200 });
    expect(screen.getByRole('spinbutton', { name: 'Wait' })).toHaveValue(2);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Wait' }), { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith({ seconds: 10_800 });
  });

  describe('the LLM panel', () => {
    it('warns that the server has no model, linking to where to ask for one', () => {
      renderWithApp(<LlmWithHost configured={false} onChange={() => {}} />);
      const warning = screen.getByTestId('llm-no-model');
      expect(warning).toHaveTextContent('No language model is set up');
      expect(warning).toHaveTextContent('always take its Failed connection');
      expect(within(warning).getByRole('link', { name: 'Ask support' })).toHaveAttribute(
        'href',
        'https://support.example.com/models',
      );
    });

    it('says nothing of models when the server has one, or before the builder knows', () => {
      const { unmount } = renderWithApp(<LlmWithHost configured={true} onChange={() => {}} />);
      expect(screen.queryByTestId('llm-no-model')).toBeNull();
      unmount();
      renderWithApp(<LlmWithHost onChange={() => {}} />);
      expect(screen.queryByTestId('llm-no-model')).toBeNull();
    });

    it('edits the message the visitor reads when the model fails', () => {
      const onChange = vi.fn();
      renderWithApp(<LlmWithHost configured={true} onChange={onChange} />);
      const field = screen.getByRole('textbox', { name: 'Message if the model fails' });
      expect(field).toHaveValue('Sorry, I can’t answer that right now.');
      fireEvent.change(field, { target: { value: 'Our advisor is away: call us.' } });
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          failureMessage: 'Our advisor is away: call us.',
          userPrompt: expect.any(String),
        }),
      );
      expect(screen.getByText(/before the Failed connection/)).toBeInTheDocument();
    });
  });
});
