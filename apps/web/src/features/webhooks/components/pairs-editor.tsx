import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { Box, Button, IconButton, Stack, TextField } from '@mui/material';
import type { CSSProperties } from 'react';

/** How one side of a pair is edited: its label, width, and an optional help or font. */
export interface PairColumn<K extends string> {
  key: K;
  label: string;
  flex?: number;
  helperText?: string;
  style?: CSSProperties;
}

/**
 * Rows of two text fields, each row removable, and a button adding an empty one: the template
 * editor's headers (name, value) and response mapping (variable, path). Rows are edited in place;
 * their order is their identity (headers may repeat a name).
 */
export function PairsEditor<K extends string>({
  rows,
  columns,
  onChange,
  newRow,
  addLabel,
  removeLabel,
}: {
  rows: readonly Record<K, string>[];
  columns: readonly [PairColumn<K>, PairColumn<K>];
  onChange(rows: Record<K, string>[]): void;
  /** What the add button adds (both sides empty). */
  newRow: Record<K, string>;
  addLabel: string;
  removeLabel: string;
}) {
  return (
    <>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Stack key={index} direction="row" spacing={1.5} alignItems="flex-start">
          {columns.map((column) => (
            <TextField
              key={column.key}
              size="small"
              label={column.label}
              value={row[column.key]}
              onChange={(event) =>
                onChange(
                  rows.map((each, at) =>
                    at === index ? { ...each, [column.key]: event.target.value } : each,
                  ),
                )
              }
              helperText={column.helperText}
              sx={{ flex: column.flex ?? 1 }}
              slotProps={column.style ? { htmlInput: { style: column.style } } : {}}
            />
          ))}
          <IconButton onClick={() => onChange(rows.filter((_, at) => at !== index))} aria-label={removeLabel}>
            <DeleteOutlineRounded />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddRounded />} onClick={() => onChange([...rows, newRow])}>
          {addLabel}
        </Button>
      </Box>
    </>
  );
}
