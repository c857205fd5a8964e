import { Alert } from '@mui/material';
import { type PanelProps, TemplateField, usePanelTranslation, VariableField } from '../kit/panel-kit';
import type { OrderStatusContent } from './schema';

export function OrderStatusPanel({ options, onOptionsChange, errors }: PanelProps<OrderStatusContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<OrderStatusContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
      <Alert severity="info">{t('orderStatus.privacyNote')}</Alert>
      <TemplateField
        label={t('orderStatus.orderNumber')}
        value={options.orderNumber}
        onChange={(orderNumber) => set({ orderNumber })}
        helperText={t('orderStatus.orderNumberHelp')}
        error={errors.orderNumber}
      />
      <TemplateField
        label={t('orderStatus.email')}
        value={options.email}
        onChange={(email) => set({ email })}
        helperText={t('orderStatus.emailHelp')}
        error={errors.email}
      />
      <VariableField
        label={t('orderStatus.resultVariable')}
        value={options.resultVariable}
        onChange={(resultVariable) => set({ resultVariable })}
        helperText={t('orderStatus.resultVariableHelp')}
        error={errors.resultVariable}
      />
      <TemplateField
        label={t('orderStatus.foundMessage')}
        multiline
        markdown
        value={options.foundMessage}
        onChange={(foundMessage) => set({ foundMessage })}
        helperText={t('orderStatus.foundMessageHelp')}
        error={errors.foundMessage}
      />
      <TemplateField
        label={t('orderStatus.notFoundMessage')}
        multiline
        markdown
        value={options.notFoundMessage}
        onChange={(notFoundMessage) => set({ notFoundMessage })}
        helperText={t('orderStatus.notFoundMessageHelp')}
        error={errors.notFoundMessage}
      />
      <TemplateField
        label={t('orderStatus.failureMessage')}
        multiline
        markdown
        value={options.failureMessage}
        onChange={(failureMessage) => set({ failureMessage })}
        helperText={t('orderStatus.failureMessageHelp')}
        error={errors.failureMessage}
      />
    </>
  );
}
