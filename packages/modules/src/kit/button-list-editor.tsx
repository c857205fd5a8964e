import { MenuItem, TextField } from '@mui/material';
import type { Button } from './buttons';
import {
  AddButton,
  ListItemCard,
  SetVariableActionsEditor,
  TemplateField,
  usePanelTranslation,
} from './panel-kit';

type Action = Button['action'];

function actionOfType(type: Action['type'], previous: Action): Action {
  if (type === previous.type) return previous;
  if (type === 'url') return { type, url: 'https://' };
  if (type === 'postback') return { type, payload: '' };
  return { type };
}

/** Buttons of a Buttons, Card or Carousel module: label, what a press does, Set Variable actions. */
export function ButtonListEditor({
  buttons,
  onChange,
  errors,
  path,
  max,
  newId,
}: {
  buttons: Button[];
  onChange(buttons: Button[]): void;
  errors: Record<string, string>;
  /** Where the list sits in the content (`buttons`, `cards.1.buttons`). */
  path: string;
  max: number;
  /** A button id not used anywhere in the module. */
  newId(): string;
}) {
  const t = usePanelTranslation();
  const change = (index: number, patch: Partial<Button>) =>
    onChange(buttons.map((button, at) => (at === index ? { ...button, ...patch } : button)));
  return (
    <>
      {buttons.map((button, index) => {
        const at = `${path}.${index}`;
        const name = button.label || t('kit.button', { number: index + 1 });
        return (
          <ListItemCard
            key={button.id}
            label={name}
            onRemove={() => onChange(buttons.filter((_, other) => other !== index))}
          >
            <TemplateField
              label={t('kit.buttonLabel')}
              value={button.label}
              onChange={(label) => change(index, { label })}
              error={errors[`${at}.label`]}
            />
            <TextField
              select
              size="small"
              label={t('kit.onPress')}
              value={button.action.type}
              onChange={(event) =>
                change(index, { action: actionOfType(event.target.value as Action['type'], button.action) })
              }
            >
              <MenuItem value="goto">{t('kit.action.goto')}</MenuItem>
              <MenuItem value="url">{t('kit.action.url')}</MenuItem>
              <MenuItem value="postback">{t('kit.action.postback')}</MenuItem>
            </TextField>
            {button.action.type === 'url' && (
              <TemplateField
                label={t('kit.url')}
                value={button.action.url}
                onChange={(url) => change(index, { action: { type: 'url', url } })}
                error={errors[`${at}.action.url`]}
              />
            )}
            {button.action.type === 'postback' && (
              <TemplateField
                label={t('kit.payload')}
                value={button.action.payload}
                onChange={(payload) => change(index, { action: { type: 'postback', payload } })}
                helperText={t('kit.payloadHelp')}
                error={errors[`${at}.action.payload`]}
              />
            )}
            <SetVariableActionsEditor
              actions={button.setVariables}
              onChange={(setVariables) => change(index, { setVariables })}
              errors={errors}
              path={`${at}.setVariables`}
            />
          </ListItemCard>
        );
      })}
      <AddButton
        label={t('kit.addButton')}
        disabled={buttons.length >= max}
        onClick={() =>
          onChange([
            ...buttons,
            {
              id: newId(),
              label: t('kit.button', { number: buttons.length + 1 }),
              action: { type: 'goto' },
              setVariables: [],
            },
          ])
        }
      />
    </>
  );
}
