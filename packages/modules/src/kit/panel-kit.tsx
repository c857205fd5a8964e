import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Slider,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ComponentType, createContext, type ReactNode, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { compileUserPattern } from './user-pattern';
import type { SetVariableAction } from './variables';

/**
 * A module's editor panel: it shows `options` (the module's content) and reports every change as
 * a whole new content object. Field errors come keyed by path (`buttons.0.label`).
 */
export interface PanelProps<C> {
  options: C;
  onOptionsChange(options: C): void;
  errors: Record<string, string>;
}
export type ModulePanel<C> = ComponentType<PanelProps<C>>;

export interface TemplateFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A template (`Hello {{ name }}`) or a bare expression (`total > 10`). */
  mode?: 'template' | 'expression';
  multiline?: boolean;
  /** A message the visitor reads: the preview shows it as the web chat renders its Markdown. */
  markdown?: boolean;
  placeholder?: string;
  helperText?: string;
  error?: string;
}

/** One of the company's installed webhooks, as the builder describes it to the webhook panel. */
export interface WebhookInstanceOption {
  id: string;
  name: string;
  templateName: string;
  /** Its deliveries are queued and retried; the bot does not wait (nothing is mapped). */
  asynchronous: boolean;
  /** What was filled in when it was installed: plain values, secrets by their hint. */
  settings: { label: string; value: string }[];
  /** The template's fields each module fills (templates over the conversation). */
  botFields: { key: string; label: string; help: string; example: string; required: boolean }[];
  /** Where values of the answer go: variable ← path. */
  maps: { variable: string; path: string }[];
}

/** One of the company's AI agents, as the builder describes it to the Agent panel. */
export interface AgentOption {
  id: string;
  name: string;
  goal: string;
  /** Its current version (a module may keep an older one). */
  version: number;
}

/**
 * What the host (the builder) lends the panels: its Jinja editor and what the bot knows. Panels
 * stay free of the app (no API calls, no editor library) and work with the plain default.
 */
export interface PanelHost {
  TemplateField: ComponentType<TemplateFieldProps>;
  /** Conversation variables the bot declares or uses, for pickers. */
  variables: string[];
  /** The bot's intents. */
  intents: string[];
  /** How many training phrases each intent has (an intent without any is never predicted). */
  intentPhrases?: Record<string, number>;
  /** Defines a new intent, without phrases yet (the builder's Intents panel adds them). */
  createIntent?(name: string): void;
  /** Shows an intent in the builder's Intents panel. */
  openIntent?(name: string): void;
  /**
   * The language model LLM modules use, once the host knows it: whether the server has one, and
   * where to ask for one (the deployment's support page).
   */
  llm?: { configured: boolean; helpUrl: string };
  /** The company's installed webhooks, once loaded, and where to install more. */
  webhooks?: { instances: WebhookInstanceOption[]; marketplaceUrl: string };
  /** The company's AI agents, once loaded, and where to make more. */
  agents?: { agents: AgentOption[]; manageUrl: string };
}

function PlainTemplateField({
  label,
  value,
  onChange,
  multiline,
  placeholder,
  helperText,
  error,
}: TemplateFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      placeholder={placeholder}
      helperText={error ?? helperText}
      error={Boolean(error)}
      fullWidth
      size="small"
    />
  );
}

const PanelHostContext = createContext<PanelHost>({
  TemplateField: PlainTemplateField,
  variables: [],
  intents: [],
});
export const PanelHostProvider = PanelHostContext.Provider;
export const usePanelHost = () => useContext(PanelHostContext);

/** The panels' translations (`modules` namespace). */
export const usePanelTranslation = () => useTranslation('modules').t;

export function TemplateField(props: TemplateFieldProps) {
  const { TemplateField: Field } = usePanelHost();
  return <Field {...props} />;
}

export function PanelSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ minHeight: 28 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.4 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

/** One item of an editable list, with its remove button. */
export function ListItemCard({
  label,
  onRemove,
  removable = true,
  children,
}: {
  label: string;
  onRemove(): void;
  removable?: boolean;
  children: ReactNode;
}) {
  const t = usePanelTranslation();
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: '#fbfcfe' }}
    >
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="caption" fontWeight={700} color="text.secondary" sx={{ flex: 1 }}>
          {label}
        </Typography>
        {removable && (
          <Tooltip title={t('kit.remove', { item: label })}>
            <IconButton size="small" aria-label={t('kit.remove', { item: label })} onClick={onRemove}>
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack spacing={1.25}>{children}</Stack>
    </Box>
  );
}

export function AddButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <Button
      size="small"
      startIcon={<AddRounded />}
      onClick={onClick}
      disabled={disabled}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

/** A conversation variable's name: pick a known one or type a new one. */
export function VariableField({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  helperText?: string;
}) {
  const { variables } = usePanelHost();
  return (
    <Autocomplete
      freeSolo
      options={variables}
      value={value}
      inputValue={value}
      onInputChange={(_, next) => onChange(next)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ htmlInput: { ...params.inputProps, spellCheck: false } }}
        />
      )}
    />
  );
}

/** Where a generated answer goes, and what is said when there is none (the LLM and Knowledge answer modules). */
export interface AnswerDelivery {
  resultVariable?: string;
  sendAsMessage: boolean;
  failureMessage: string;
}

/** The result variable, "send as a message" and the failure message, with the module's words (`llm`, `knowledgeAnswer`). */
export function AnswerDeliveryFields({
  words,
  options,
  onChange,
  errors,
}: {
  words: 'llm' | 'knowledgeAnswer';
  options: AnswerDelivery;
  onChange(patch: Partial<AnswerDelivery>): void;
  errors: Record<string, string | undefined>;
}) {
  const t = usePanelTranslation();
  return (
    <>
      <VariableField
        label={t(`${words}.resultVariable`)}
        value={options.resultVariable ?? ''}
        onChange={(name) => onChange({ resultVariable: name === '' ? undefined : name })}
        helperText={t(`${words}.resultVariableHelp`)}
        error={errors.resultVariable}
      />
      <FormControlLabel
        control={
          <Switch
            checked={options.sendAsMessage}
            onChange={(event) => onChange({ sendAsMessage: event.target.checked })}
          />
        }
        label={t(`${words}.sendAsMessage`)}
      />
      <TemplateField
        label={t(`${words}.failureMessage`)}
        multiline
        markdown
        value={options.failureMessage}
        onChange={(failureMessage) => onChange({ failureMessage })}
        helperText={t(`${words}.failureMessageHelp`)}
        error={errors.failureMessage}
      />
    </>
  );
}

/** A list of short words (keywords, choices): type and press Enter to add. */
export function WordsField({
  label,
  value,
  onChange,
  options = [],
  error,
  helperText,
}: {
  label: string;
  value: string[];
  onChange(value: string[]): void;
  options?: string[];
  error?: string;
  helperText?: string;
}) {
  const t = usePanelTranslation();
  return (
    <Autocomplete
      multiple
      freeSolo={options.length === 0}
      options={options}
      value={value}
      onChange={(_, next) => onChange([...new Set(next.map((word) => word.trim()).filter(Boolean))])}
      renderValue={(words, getItemProps) =>
        words.map((word, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={word} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={Boolean(error)}
          helperText={error ?? helperText ?? (options.length === 0 ? t('kit.pressEnter') : undefined)}
        />
      )}
    />
  );
}

/** "Set Variable" actions: each sets a variable to the value of a Jinja expression. */
export function SetVariableActionsEditor({
  actions,
  onChange,
  errors,
  path,
  minimum = 0,
}: {
  actions: SetVariableAction[];
  onChange(actions: SetVariableAction[]): void;
  errors: Record<string, string>;
  /** Where the actions sit in the content, for their errors (`buttons.0.setVariables`). */
  path: string;
  minimum?: number;
}) {
  const t = usePanelTranslation();
  const change = (index: number, patch: Partial<SetVariableAction>) =>
    onChange(actions.map((action, at) => (at === index ? { ...action, ...patch } : action)));
  return (
    <Stack spacing={1}>
      {actions.map((action, index) => (
        <ListItemCard
          // Actions have no ids of their own; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          label={t('kit.setVariable', { number: index + 1 })}
          removable={actions.length > minimum}
          onRemove={() => onChange(actions.filter((_, at) => at !== index))}
        >
          <VariableField
            label={t('kit.variable')}
            value={action.variable}
            onChange={(variable) => change(index, { variable })}
            error={errors[`${path}.${index}.variable`]}
          />
          <TemplateField
            label={t('kit.value')}
            mode="expression"
            value={action.value}
            onChange={(value) => change(index, { value })}
            helperText={t('kit.valueHelp')}
            error={errors[`${path}.${index}.value`]}
          />
        </ListItemCard>
      ))}
      <AddButton
        label={t('kit.addSetVariable')}
        onClick={() => onChange([...actions, { variable: '', value: '' }])}
      />
    </Stack>
  );
}

/** The first `prefix<n>` not among `taken`. */
export function nextId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let number = 1;
  while (used.has(`${prefix}${number}`)) number++;
  return `${prefix}${number}`;
}

/** A number field that reports numbers (or nothing while empty). */
export function NumberField({
  label,
  value,
  onChange,
  error,
  helperText,
  min,
  max,
  step,
}: {
  label: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  error?: string;
  helperText?: string;
  min?: number;
  max?: number;
  step?: number;
}) {
  return (
    <TextField
      label={label}
      type="number"
      size="small"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { min, max, step } }}
    />
  );
}

/** A slider with its label (which shows the value) above it. */
export function SliderField({
  label,
  value,
  onChange,
  min,
  max,
  step,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  min: number;
  max: number;
  step: number;
}) {
  const labelId = useId();
  return (
    <Stack>
      <Typography variant="body2" id={labelId}>
        {label}
      </Typography>
      <Slider
        aria-labelledby={labelId}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(_, next) => onChange(next as number)}
        valueLabelDisplay="auto"
        size="small"
      />
    </Stack>
  );
}

/** A regular expression and its flags (`i`, `m`, `s`, `u`). */
export function PatternFields({
  pattern,
  flags,
  onChange,
  errors,
  path,
}: {
  pattern: string;
  flags: string;
  onChange(next: { pattern: string; flags: string }): void;
  errors: Record<string, string>;
  /** Where the two fields sit, for their errors (`validator`, `trigger`). */
  path: string;
}) {
  const t = usePanelTranslation();
  // The same compiler the bot runs: the builder sees at once a pattern publishing would refuse.
  const compiled = pattern ? compileUserPattern(pattern, flags) : undefined;
  const refused =
    compiled && !compiled.ok
      ? t('kit.patternRefused', { reason: t(`kit.refusals.${compiled.refusal.code}`, compiled.refusal) })
      : undefined;
  const patternError = errors[`${path}.pattern`] ?? refused;
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        label={t('kit.pattern')}
        size="small"
        fullWidth
        value={pattern}
        onChange={(event) => onChange({ pattern: event.target.value, flags })}
        error={Boolean(patternError)}
        helperText={patternError}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <TextField
        label={t('kit.flags')}
        size="small"
        sx={{ width: 90 }}
        value={flags}
        onChange={(event) => onChange({ pattern, flags: event.target.value })}
        error={Boolean(errors[`${path}.flags`])}
      />
    </Stack>
  );
}
