import { Alert } from '@mui/material';
import { AnswerDeliveryFields, type PanelProps, TemplateField, usePanelTranslation } from '../kit/panel-kit';
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
      <AnswerDeliveryFields words="knowledgeAnswer" options={options} onChange={set} errors={errors} />
    </>
  );
}
