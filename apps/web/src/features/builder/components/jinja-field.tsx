import {
  autocompletion,
  type CompletionContext,
  type CompletionResult,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { closePercentBrace, jinja } from '@codemirror/lang-jinja';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WrapTextRounded from '@mui/icons-material/WrapTextRounded';
import { Box, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { TemplateFieldProps } from '@parley/modules/panels';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from '../../../app/theme';
import { cachedAnalyzer } from '../model/cached-analyzer';
import { useJinjaEnvironment } from '../model/jinja-environment';
import { TemplatePreview } from './template-preview';

/** Jinja2 filters offered after `|`. */
const FILTERS = [
  'abs',
  'capitalize',
  'default',
  'escape',
  'first',
  'float',
  'format',
  'join',
  'last',
  'length',
  'lower',
  'map',
  'max',
  'min',
  'replace',
  'reverse',
  'round',
  'safe',
  'select',
  'sort',
  'string',
  'sum',
  'title',
  'tojson',
  'trim',
  'truncate',
  'unique',
  'upper',
  'urlencode',
  'urljoin',
  'wordcount',
];

/** Whether the cursor sits inside `{{ … }}` or `{% … %}`. */
function insideTag(before: string): boolean {
  const open = Math.max(before.lastIndexOf('{{'), before.lastIndexOf('{%'));
  const close = Math.max(before.lastIndexOf('}}'), before.lastIndexOf('%}'));
  return open > close;
}

/** Variables inside tags (everywhere in an expression), filters after `|`. */
function completions(mode: 'template' | 'expression', names: () => string[]) {
  return (context: CompletionContext): CompletionResult | null => {
    const before = context.state.sliceDoc(0, context.pos);
    if (mode === 'template' && !insideTag(before)) return null;
    const word = context.matchBefore(/[\w.]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const afterPipe = /\|\s*[\w]*$/.test(before);
    return {
      from: word.from,
      options: afterPipe
        ? FILTERS.map((label) => ({ label, type: 'function', detail: 'filter' }))
        : names().map((label) => ({ label, type: 'variable' })),
      validFor: /^[\w.]*$/,
    };
  };
}

/** A single-line field stays one line: Enter does nothing and pasted line breaks become spaces. */
const singleLine: Extension = [
  EditorView.clipboardInputFilter.of((text) => text.replace(/\s*\r?\n\s*/g, ' ')),
  EditorState.transactionFilter.of((transaction) =>
    transaction.docChanged && transaction.newDoc.lines > 1 ? [] : transaction,
  ),
  keymap.of([{ key: 'Enter', run: () => true }]),
];

const fieldTheme = EditorView.theme({
  '&': { fontSize: '13.5px', backgroundColor: '#fff' },
  '&.cm-focused': { outline: 'none' },
  '.cm-content': { padding: '8px 0' },
  // Messages are prose (with a little code in them); expressions are code.
  '&.is-template .cm-scroller': { fontFamily: String(theme.typography.fontFamily) },
  '&.is-expression .cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  '.cm-line': { padding: '0 10px' },
  '.cm-scroller': { overflow: 'auto', maxHeight: '320px' },
  '.cm-placeholder': { color: '#94a3b8' },
});

/**
 * The builder's editor for every templated field (CodeMirror 6 with Jinja): highlighting, variable
 * and filter completion, a word-wrap toggle, syntax errors with their line as you type, and a
 * preview rendered by the server with sample values.
 */
export function JinjaField({
  label,
  value,
  onChange,
  mode = 'template',
  multiline = false,
  markdown = false,
  placeholder,
  helperText,
  error,
}: TemplateFieldProps) {
  const { t } = useTranslation('builder');
  const environment = useJinjaEnvironment();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, names: environment.completionNames });
  latest.current = { onChange, names: environment.completionNames };
  const wrapping = useMemo(() => new Compartment(), []);
  const [wrap, setWrap] = useState(environment.wordWrap);
  const [previewing, setPreviewing] = useState(false);
  const [focused, setFocused] = useState(false);
  const labelId = useId();

  // One editor per field; what changes later (value, wrap) is dispatched into it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, on mount
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
          jinja(),
          closePercentBrace,
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [completions(mode, () => latest.current.names)] }),
          wrapping.of(multiline && wrap ? EditorView.lineWrapping : []),
          multiline ? [] : singleLine,
          placeholder ? placeholderText(placeholder) : [],
          fieldTheme,
          EditorView.editorAttributes.of({ class: mode === 'expression' ? 'is-expression' : 'is-template' }),
          EditorView.contentAttributes.of({
            'aria-labelledby': labelId,
            'aria-multiline': String(multiline),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
            if (update.focusChanged) setFocused(update.view.hasFocus);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // Undo, redo and edits elsewhere change the value under the editor.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: wrapping.reconfigure(wrap ? EditorView.lineWrapping : []) });
  }, [wrap, wrapping]);

  const analysis = mode === 'expression' ? cachedAnalyzer.expression(value) : cachedAnalyzer.template(value);
  const syntaxError =
    value.trim() === '' || !('error' in analysis)
      ? undefined
      : analysis.line
        ? t('jinja.errorAtLine', { line: analysis.line, message: analysis.error })
        : analysis.error;
  const problem = error ?? syntaxError;

  return (
    <Box>
      <Stack direction="row" alignItems="center" sx={{ mb: 0.5 }}>
        <Typography
          id={labelId}
          variant="caption"
          fontWeight={600}
          color={problem ? 'error' : focused ? 'primary' : 'text.secondary'}
          sx={{ flex: 1 }}
        >
          {label}
        </Typography>
        {multiline && (
          <Tooltip title={t('jinja.wordWrap')}>
            <IconButton
              size="small"
              aria-label={t('jinja.wordWrap')}
              aria-pressed={wrap}
              onClick={() => {
                setWrap(!wrap);
                environment.setWordWrap(!wrap);
              }}
              color={wrap ? 'primary' : 'default'}
            >
              <WrapTextRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('jinja.preview')}>
          <IconButton
            size="small"
            aria-label={t('jinja.preview')}
            aria-pressed={previewing}
            onClick={() => setPreviewing(!previewing)}
            color={previewing ? 'primary' : 'default'}
          >
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        ref={host}
        data-jinja-field={label}
        data-wrap={multiline && wrap ? 'on' : 'off'}
        sx={{
          border: '1px solid',
          borderColor: problem ? 'error.main' : focused ? 'primary.main' : 'rgba(15,23,42,0.23)',
          boxShadow: focused
            ? (theme) => `0 0 0 1px ${problem ? theme.palette.error.main : theme.palette.primary.main}`
            : 'none',
          borderRadius: 1,
          overflow: 'hidden',
          minHeight: multiline ? 64 : undefined,
          '& .cm-editor': { minHeight: multiline ? 64 : undefined },
        }}
      />
      {problem ? (
        <FormHelperText error sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mx: 0 }}>
          <ErrorOutlineRounded sx={{ fontSize: 15 }} />
          {problem}
        </FormHelperText>
      ) : (
        helperText && <FormHelperText sx={{ mx: 0 }}>{helperText}</FormHelperText>
      )}
      {previewing && (
        <TemplatePreview source={mode === 'expression' ? `{{ ${value} }}` : value} markdown={markdown} />
      )}
    </Box>
  );
}
