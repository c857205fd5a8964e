import { MenuItem, TextField } from '@mui/material';
import { type Trigger, type TriggerOf, type TriggerType, triggerKinds, triggerTypes } from '@parley/flow';
import { PatternFields, WordsField } from '@parley/modules/panels';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldsProps<T extends Trigger> {
  trigger: T;
  onChange(trigger: T): void;
  /** The form's error of a field (`keywords`, `intent`…), if any. */
  error(field: string): string | undefined;
  errors: Record<string, string>;
  intents: string[];
}

function KeywordFields({ trigger, onChange, error }: FieldsProps<TriggerOf<'keyword'>>) {
  const { t } = useTranslation('builder');
  return (
    <>
      <WordsField
        label={t('globals.keywords')}
        value={trigger.keywords}
        onChange={(keywords) => onChange({ ...trigger, keywords })}
        error={error('keywords')}
      />
      <TextField
        select
        size="small"
        label={t('globals.match')}
        value={trigger.match}
        onChange={(event) => onChange({ ...trigger, match: event.target.value as 'exact' | 'contains' })}
      >
        <MenuItem value="exact">{t('globals.matchExact')}</MenuItem>
        <MenuItem value="contains">{t('globals.matchContains')}</MenuItem>
      </TextField>
    </>
  );
}

function RegexFields({ trigger, onChange, errors }: FieldsProps<TriggerOf<'regex'>>) {
  return (
    <PatternFields
      pattern={trigger.pattern}
      flags={trigger.flags}
      onChange={(pattern) => onChange({ ...trigger, ...pattern })}
      errors={errors}
      path="trigger"
    />
  );
}

function IntentFields({ trigger, onChange, error, intents }: FieldsProps<TriggerOf<'intent'>>) {
  const { t } = useTranslation('builder');
  return (
    <TextField
      select
      size="small"
      label={t('globals.intent')}
      value={trigger.intent}
      onChange={(event) => onChange({ ...trigger, intent: event.target.value })}
      error={Boolean(error('intent'))}
      helperText={error('intent') ?? (intents.length === 0 ? t('globals.noIntents') : undefined)}
    >
      {intents.map((intent) => (
        <MenuItem key={intent} value={intent}>
          {intent}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PostbackFields({ trigger, onChange, error }: FieldsProps<TriggerOf<'postback'>>) {
  const { t } = useTranslation('builder');
  return (
    <TextField
      size="small"
      label={t('globals.payload')}
      value={trigger.payload}
      onChange={(event) => onChange({ ...trigger, payload: event.target.value })}
      error={Boolean(error('payload'))}
      helperText={error('payload') ?? t('globals.payloadHelp')}
    />
  );
}

/** The fields of each kind of trigger (a new kind in @parley/flow must add its own). */
const triggerFields = {
  keyword: KeywordFields,
  regex: RegexFields,
  intent: IntentFields,
  postback: PostbackFields,
} satisfies { [K in TriggerType]: ComponentType<FieldsProps<TriggerOf<K>>> };

/** A global connection's trigger: its kind, then that kind's fields. */
export function TriggerFields({
  trigger,
  onChange,
  errors,
  intents,
}: {
  trigger: Trigger;
  onChange(trigger: Trigger): void;
  errors: Record<string, string>;
  intents: string[];
}) {
  const { t } = useTranslation('builder');
  const error = (field: string) => errors[`trigger.${field}`];
  const Fields = triggerFields[trigger.type] as ComponentType<FieldsProps<Trigger>>;
  return (
    <>
      <TextField
        select
        size="small"
        label={t('globals.trigger')}
        value={trigger.type}
        onChange={(event) => {
          const type = triggerTypes.find((candidate) => candidate === event.target.value);
          if (type && type !== trigger.type) onChange(triggerKinds[type].create(intents));
        }}
      >
        {triggerTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`globals.triggerType.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Fields trigger={trigger} onChange={onChange} error={error} errors={errors} intents={intents} />
    </>
  );
}
