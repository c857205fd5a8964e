import { MenuItem, TextField } from '@mui/material';
import { type PanelProps, TemplateField, usePanelTranslation } from '../kit/panel-kit';
import { HANDOFF_PRIORITIES, type HandoffContent } from './schema';

export function HandoffPanel({ options, onOptionsChange, errors }: PanelProps<HandoffContent>) {
  const t = usePanelTranslation();
  return (
    <>
      <TemplateField
        label={t('handoff.message')}
        multiline
        markdown
        value={options.message}
        onChange={(message) => onOptionsChange({ ...options, message })}
        error={errors.message}
      />
      <TextField
        label={t('handoff.reason')}
        size="small"
        value={options.reason}
        onChange={(event) => onOptionsChange({ ...options, reason: event.target.value })}
        helperText={errors.reason ?? t('handoff.reasonHelp')}
        error={Boolean(errors.reason)}
      />
      <TextField
        select
        label={t('handoff.priority')}
        size="small"
        value={options.priority}
        onChange={(event) => {
          const priority = HANDOFF_PRIORITIES.find((one) => one === event.target.value);
          if (priority) onOptionsChange({ ...options, priority });
        }}
        helperText={t('handoff.priorityHelp')}
      >
        {HANDOFF_PRIORITIES.map((priority) => (
          <MenuItem key={priority} value={priority}>
            {t(`handoff.priorities.${priority}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
