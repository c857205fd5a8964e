import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { INDUSTRIES, type Industry, industrySchema } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** An industry's name in the app's language ("Not set" for none). */
export function useIndustryLabel(): (industry: Industry | null) => string {
  const { t } = useTranslation('common');
  return (industry) => (industry ? t(`industry.values.${industry}`) : t('industry.none'));
}

/**
 * A select of the industries, alphabetical in the app's language, with a first choice for none
 * (`noneLabel`). Its value is an industry or `''` for none.
 */
export function IndustrySelect({
  value,
  onChange,
  noneLabel,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'children'> & {
  value: Industry | null;
  onChange: (industry: Industry | null) => void;
  noneLabel: string;
}) {
  const { i18n } = useTranslation('common');
  const label = useIndustryLabel();
  const language = i18n.resolvedLanguage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language only
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return INDUSTRIES.map((industry) => ({ industry, name: label(industry) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [language]);
  return (
    <TextField
      {...field}
      select
      value={value ?? ''}
      onChange={(event) => {
        const chosen = industrySchema.safeParse(event.target.value);
        onChange(chosen.success ? chosen.data : null);
      }}
      slotProps={{ ...field.slotProps, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{noneLabel}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.industry} value={option.industry}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
