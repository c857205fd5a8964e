import { Alert } from '@mui/material';
import { type PanelProps, TemplateField, usePanelTranslation, VariableField } from '../kit/panel-kit';
import { LabelField } from '../kit/store-panel';
import type { AddToCartContent } from './schema';

export function AddToCartPanel({ options, onOptionsChange, errors }: PanelProps<AddToCartContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<AddToCartContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
      <Alert severity="info">{t('addToCart.storeNote')}</Alert>
      <TemplateField
        label={t('addToCart.variantId')}
        value={options.variantId}
        onChange={(variantId) => set({ variantId })}
        helperText={t('addToCart.variantIdHelp')}
        error={errors.variantId}
      />
      <TemplateField
        label={t('addToCart.quantity')}
        value={options.quantity}
        onChange={(quantity) => set({ quantity })}
        helperText={t('addToCart.quantityHelp')}
        error={errors.quantity}
      />
      <TemplateField
        label={t('addToCart.text')}
        multiline
        markdown
        value={options.text}
        onChange={(text) => set({ text })}
        error={errors.text}
      />
      <LabelField
        label={t('addToCart.buttonLabel')}
        value={options.buttonLabel}
        onChange={(buttonLabel) => set({ buttonLabel })}
        error={errors.buttonLabel}
      />
      <VariableField
        label={t('addToCart.resultVariable')}
        value={options.resultVariable ?? ''}
        onChange={(name) => set({ resultVariable: name === '' ? undefined : name })}
        helperText={t('addToCart.resultVariableHelp')}
        error={errors.resultVariable}
      />
      <TemplateField
        label={t('addToCart.failureMessage')}
        multiline
        markdown
        value={options.failureMessage}
        onChange={(failureMessage) => set({ failureMessage })}
        helperText={t('addToCart.failureMessageHelp')}
        error={errors.failureMessage}
      />
    </>
  );
}
