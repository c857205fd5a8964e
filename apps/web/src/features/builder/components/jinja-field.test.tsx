import { currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { JinjaEnvironmentProvider } from '../model/jinja-environment';
import { JinjaField } from './jinja-field';

type FieldProps = Partial<Parameters<typeof JinjaField>[0]>;

/** A Jinja field holding its value, in a bot that knows `first_name` and `email`. */
function Field({ initial = '', onChange, ...props }: FieldProps & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <JinjaField
      label="Message"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      {...props}
    />
  );
}

function renderField(props: FieldProps & { initial?: string } = {}) {
  const onChange = vi.fn();
  const result = renderWithApp(
    <JinjaEnvironmentProvider
      completionNames={['first_name', 'email', 'parley.channel']}
      initialSamples={{ first_name: 'Ada' }}
    >
      <Field onChange={onChange} {...props} />
    </JinjaEnvironmentProvider>,
  );
  return { ...result, onChange };
}

/** The CodeMirror editor of the field labelled `label`. */
function editorOf(label = 'Message'): EditorView {
  const element = document.querySelector(`[data-jinja-field="${label}"] .cm-editor`);
  const view = element && EditorView.findFromDOM(element as HTMLElement);
  if (!view) throw new Error(`No editor for ${label}`);
  return view;
}

/** Types at the end of the editor, as a key press would. */
function type(view: EditorView, text: string) {
  act(() => {
    const end = view.state.doc.length;
    view.dispatch({
      changes: { from: end, insert: text },
      selection: { anchor: end + text.length },
      userEvent: 'input.type',
    });
  });
}

describe('the Jinja field', () => {
  it('is labelled, shows its value, and hands on what is typed', () => {
    const { onChange } = renderField({ initial: 'Hello' });
    const content = screen.getByRole('textbox', { name: 'Message' });
    expect(content).toHaveTextContent('Hello');
    type(editorOf(), ' {{ first_name }}');
    expect(onChange).toHaveBeenLastCalledWith('Hello {{ first_name }}');
  });

  it('says at once, with the line, where a template is broken, and stops saying it when fixed', () => {
    renderField({ multiline: true });
    type(editorOf(), 'Hi\n{{ first_name ');
    expect(screen.getByText(/^Line 2: /)).toBeInTheDocument();
    type(editorOf(), '}}');
    expect(screen.queryByText(/^Line 2: /)).not.toBeInTheDocument();
  });

  it('shows the form’s error over its help, and the help otherwise', () => {
    const { unmount } = renderField({ helperText: 'What the bot says' });
    expect(screen.getByText('What the bot says')).toBeInTheDocument();
    unmount();
    renderField({ helperText: 'What the bot says', error: 'Write what the bot says' });
    expect(screen.getByText('Write what the bot says')).toBeInTheDocument();
    expect(screen.queryByText('What the bot says')).not.toBeInTheDocument();
  });

  it('keeps a single-line field to one line: a line break typed is refused', () => {
    const { onChange } = renderField({ initial: 'Hello' });
    type(editorOf(), '\nthere');
    expect(editorOf().state.doc.toString()).toBe('Hello');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers the bot’s variables inside a tag, filters after a pipe, and nothing in plain text', async () => {
    renderField({ initial: 'Hi ' });
    const view = editorOf();
    type(view, 'fi');
    act(() => void startCompletion(view));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(currentCompletions(view.state)).toEqual([]);

    type(view, ' {{ fi');
    act(() => void startCompletion(view));
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('first_name'),
    );
    expect(currentCompletions(view.state).map((option) => option.label)).not.toContain('upper');

    type(view, 'rst_name | up');
    act(() => void startCompletion(view));
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('upper'),
    );
    expect(currentCompletions(view.state).map((option) => option.label)).not.toContain('email');
  });

  it('offers variables anywhere in an expression', async () => {
    renderField({ mode: 'expression' });
    const view = editorOf();
    type(view, 'em');
    act(() => void startCompletion(view));
    await waitFor(() =>
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('email'),
    );
  });

  it('follows a value changed elsewhere (undo), without handing it back', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithApp(<JinjaField label="Message" value="One" onChange={onChange} />);
    rerender(<JinjaField label="Message" value="Two" onChange={onChange} />);
    expect(editorOf().state.doc.toString()).toBe('Two');
    // The field's owner already has it.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('wraps long lines of a message by default, and remembers turning it off on this device', () => {
    const { unmount } = renderField({ multiline: true });
    const wrap = screen.getByRole('button', { name: 'Wrap long lines' });
    expect(wrap).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('[data-jinja-field="Message"]')).toHaveAttribute('data-wrap', 'on');
    fireEvent.click(wrap);
    expect(document.querySelector('[data-jinja-field="Message"]')).toHaveAttribute('data-wrap', 'off');
    unmount();
    renderField({ multiline: true });
    expect(screen.getByRole('button', { name: 'Wrap long lines' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('has no wrapping for a single-line field', () => {
    renderField();
    expect(screen.queryByRole('button', { name: 'Wrap long lines' })).not.toBeInTheDocument();
  });

  it('previews the template as the server renders it with the sample values, and new samples', async () => {
    const { requests } = fakeApi({
      'POST /api/templates/render': ({ body }) => {
        const { template, variables } = body as { template: string; variables: Record<string, unknown> };
        return { output: template.replace('{{ first_name }}', String(variables.first_name ?? '')) };
      },
    });
    renderField({ initial: 'Hi {{ first_name }}' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    await within(preview).findByText('Hi Ada');
    expect(requests[0]?.body).toEqual({ template: 'Hi {{ first_name }}', variables: { first_name: 'Ada' } });

    fireEvent.click(within(preview).getByRole('button', { name: 'Sample values' }));
    const samples = within(preview).getByRole('textbox', { name: 'Sample values (JSON)' });
    fireEvent.change(samples, { target: { value: '["Grace"]' } });
    expect(within(preview).getByText('Write a JSON object, such as {"name": "Ada"}')).toBeInTheDocument();
    fireEvent.change(samples, { target: { value: '{"first_name": "Grace"' } });
    expect(within(preview).getByText('Write a JSON object, such as {"name": "Ada"}')).toBeInTheDocument();
    fireEvent.change(samples, { target: { value: '{"first_name": "Grace"}' } });
    expect(within(preview).getByText('The variables the preview renders with')).toBeInTheDocument();
    await within(preview).findByText('Hi Grace');
  });

  it('previews an expression as the value it makes', async () => {
    const { requests } = fakeApi({ 'POST /api/templates/render': { output: '' } });
    renderField({ mode: 'expression', initial: "first_name | default('guest')" });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('(nothing)');
    expect(requests[0]?.body).toEqual({
      template: "{{ first_name | default('guest') }}",
      variables: { first_name: 'Ada' },
    });
  });

  it('says why the server could not render the preview', async () => {
    fakeApi({
      'POST /api/templates/render': {
        status: 400,
        body: { error: { name: 'TemplateException', message: "'dict object' has no attribute 'x'" } },
      },
    });
    renderField({ initial: '{{ order.x }}' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText("'dict object' has no attribute 'x'");
  });
});
