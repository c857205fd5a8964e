import { TextField } from '@mui/material';

/** A short plain label a visitor reads (a button's, a stock word): no template. */
export function LabelField({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  helperText?: string;
}) {
  return (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { maxLength: 40 } }}
    />
  );
}
