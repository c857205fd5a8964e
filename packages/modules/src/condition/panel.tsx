import { TextField, Typography } from '@mui/material';
import {
  AddButton,
  ListItemCard,
  nextId,
  type PanelProps,
  TemplateField,
  usePanelTranslation,
} from '../kit/panel-kit';
import type { ConditionContent } from './schema';

type Branch = ConditionContent['branches'][number];

export function ConditionPanel({ options, onOptionsChange, errors }: PanelProps<ConditionContent>) {
  const t = usePanelTranslation();
  const change = (index: number, patch: Partial<Branch>) =>
    onOptionsChange({
      ...options,
      branches: options.branches.map((branch, at) => (at === index ? { ...branch, ...patch } : branch)),
    });
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('condition.help')}
      </Typography>
      {options.branches.map((branch, index) => (
        <ListItemCard
          key={branch.id}
          label={branch.label || t('condition.branch', { number: index + 1 })}
          removable={options.branches.length > 1}
          onRemove={() =>
            onOptionsChange({ ...options, branches: options.branches.filter((_, at) => at !== index) })
          }
        >
          <TextField
            label={t('condition.label')}
            size="small"
            value={branch.label}
            onChange={(event) => change(index, { label: event.target.value })}
            error={Boolean(errors[`branches.${index}.label`])}
            helperText={errors[`branches.${index}.label`]}
          />
          <TemplateField
            label={t('condition.expression')}
            mode="expression"
            value={branch.expression}
            onChange={(expression) => change(index, { expression })}
            placeholder="total > 10"
            error={errors[`branches.${index}.expression`]}
          />
        </ListItemCard>
      ))}
      <AddButton
        label={t('condition.addBranch')}
        disabled={options.branches.length >= 20}
        onClick={() =>
          onOptionsChange({
            ...options,
            branches: [
              ...options.branches,
              {
                id: nextId(
                  'c',
                  options.branches.map((branch) => branch.id),
                ),
                label: '',
                expression: 'true',
              },
            ],
          })
        }
      />
      <Typography variant="caption" color="text.secondary">
        {t('condition.else')}
      </Typography>
    </>
  );
}
