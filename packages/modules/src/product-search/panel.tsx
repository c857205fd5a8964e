import { Alert, Stack } from '@mui/material';
import {
  NumberField,
  type PanelProps,
  TemplateField,
  usePanelTranslation,
  VariableField,
} from '../kit/panel-kit';
import { LabelField } from '../kit/store-panel';
import type { ProductSearchContent } from './schema';

export function ProductSearchPanel({ options, onOptionsChange, errors }: PanelProps<ProductSearchContent>) {
  const t = usePanelTranslation();
  const set = (patch: Partial<ProductSearchContent>) => onOptionsChange({ ...options, ...patch });
  return (
    <>
      <Alert severity="info">{t('productSearch.storeNote')}</Alert>
      <TemplateField
        label={t('productSearch.words')}
        value={options.words}
        onChange={(words) => set({ words })}
        helperText={t('productSearch.wordsHelp')}
        error={errors.words}
      />
      <NumberField
        label={t('productSearch.maxResults')}
        value={options.maxResults}
        min={1}
        max={10}
        onChange={(maxResults) => set({ maxResults: maxResults ?? 5 })}
        error={errors.maxResults}
      />
      <TemplateField
        label={t('productSearch.intro')}
        multiline
        markdown
        value={options.intro}
        onChange={(intro) => set({ intro })}
        helperText={t('productSearch.introHelp')}
        error={errors.intro}
      />
      <Stack direction="row" spacing={1.5}>
        <LabelField
          label={t('productSearch.viewLabel')}
          value={options.viewLabel}
          onChange={(viewLabel) => set({ viewLabel })}
          error={errors.viewLabel}
        />
        <LabelField
          label={t('productSearch.cartLabel')}
          value={options.cartLabel}
          onChange={(cartLabel) => set({ cartLabel })}
          helperText={t('productSearch.cartLabelHelp')}
          error={errors.cartLabel}
        />
      </Stack>
      <Stack direction="row" spacing={1.5}>
        <LabelField
          label={t('productSearch.inStock')}
          value={options.inStock}
          onChange={(inStock) => set({ inStock })}
          error={errors.inStock}
        />
        <LabelField
          label={t('productSearch.soldOut')}
          value={options.soldOut}
          onChange={(soldOut) => set({ soldOut })}
          error={errors.soldOut}
        />
      </Stack>
      <VariableField
        label={t('productSearch.resultVariable')}
        value={options.resultVariable ?? ''}
        onChange={(name) => set({ resultVariable: name === '' ? undefined : name })}
        helperText={t('productSearch.resultVariableHelp')}
        error={errors.resultVariable}
      />
      <TemplateField
        label={t('productSearch.noResultsMessage')}
        multiline
        markdown
        value={options.noResultsMessage}
        onChange={(noResultsMessage) => set({ noResultsMessage })}
        helperText={t('productSearch.noResultsMessageHelp')}
        error={errors.noResultsMessage}
      />
      <TemplateField
        label={t('productSearch.failureMessage')}
        multiline
        markdown
        value={options.failureMessage}
        onChange={(failureMessage) => set({ failureMessage })}
        helperText={t('productSearch.failureMessageHelp')}
        error={errors.failureMessage}
      />
    </>
  );
}
