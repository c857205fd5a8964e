import { type PanelProps, SetVariableActionsEditor } from '../kit/panel-kit';
import type { SetVariableContent } from './schema';

export function SetVariablePanel({ options, onOptionsChange, errors }: PanelProps<SetVariableContent>) {
  return (
    <SetVariableActionsEditor
      actions={options.assignments}
      onChange={(assignments) => onOptionsChange({ ...options, assignments })}
      errors={errors}
      path="assignments"
      minimum={1}
    />
  );
}
