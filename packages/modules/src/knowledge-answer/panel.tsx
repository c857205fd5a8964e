import { Alert, FormControlLabel, Switch } from '@mui/material';
import { type PanelProps, TemplateField, usePanelTranslation, VariableField } from '../kit/panel-kit';
import type { KnowledgeAnswerContent } from './schema';

export function KnowledgeAnswerPanel({
  options,
  onOptionsChange,
  errors,
}: PanelProps<KnowledgeAnswerContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<KnowledgeAnswerContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
      <Alert severity="info">{t('knowledgeAnswer.settingsNote')}</Alert>
      <TemplateField
        label={t('knowledgeAnswer.question')}
        value={options.question}
        onChange={(question) => set({ question })}
        helperText={t('knowledgeAnswer.questionHelp')}
        error={errors.question}
      />
      <VariableField
        label={t('knowledgeAnswer.resultVariable')}
        value={options.resultVariable ?? ''}
        onChange={(name) => set({ resultVariable: name === '' ? undefined : name })}
        helperText={t('knowledgeAnswer.resultVariableHelp')}
        error={errors.resultVariable}
      />
      <FormControlLabel
        control={
          <Switch
            checked={options.sendAsMessage}
            onChange={(event) => set({ sendAsMessage: event.target.checked })}
          />
        }
        label={t('knowledgeAnswer.sendAsMessage')}
      />
      <TemplateField
        label={t('knowledgeAnswer.failureMessage')}
        multiline
        markdown
        value={options.failureMessage}
        onChange={(failureMessage) => set({ failureMessage })}
        helperText={t('knowledgeAnswer.failureMessageHelp')}
        error={errors.failureMessage}
      />
    </>
  );
}
