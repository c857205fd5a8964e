import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { Box, Button, Collapse, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode, Ref } from 'react';

/** A name field and the button that uses it (create, declare, rename); Enter does the same. */
export function NameForm({
  label,
  value,
  onChange,
  problem,
  helperText,
  ready,
  action,
  onSubmit,
  maxLength,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  problem?: string;
  helperText?: string;
  ready: boolean;
  action: string;
  onSubmit(): void;
  maxLength?: number;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="flex-start"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onSubmit();
      }}
    >
      <TextField
        size="small"
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
        error={Boolean(problem)}
        helperText={problem ?? helperText}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Button type="submit" variant="outlined" size="small" disabled={!ready} sx={{ mt: 0.5 }}>
        {action}
      </Button>
    </Stack>
  );
}

/**
 * One named thing of a side panel's list (a variable, an intent): its name and a caption, chips,
 * and a button that opens what can be done with it below.
 */
export function NamedListItem({
  name,
  caption,
  captionColor = 'text.secondary',
  chips,
  open,
  onToggle,
  openLabel,
  collapseLabel,
  boxRef,
  children,
}: {
  name: string;
  caption: string;
  captionColor?: string;
  chips?: ReactNode;
  open: boolean;
  onToggle(): void;
  openLabel: string;
  collapseLabel: string;
  boxRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <Box
      ref={boxRef}
      role="group"
      aria-label={name}
      sx={{ border: '1px solid', borderColor: open ? 'primary.main' : 'divider', borderRadius: 2, p: 1.25 }}
    >
      <Stack direction="row" alignItems="center" spacing={1}>
        <Box sx={{ flex: 1, minWidth: 0, cursor: 'pointer' }} onClick={onToggle}>
          <Typography variant="body2" fontWeight={650} sx={{ fontFamily: 'ui-monospace, monospace' }} noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color={captionColor}>
            {caption}
          </Typography>
        </Box>
        {chips}
        <IconButton
          size="small"
          aria-expanded={open}
          aria-label={open ? collapseLabel : openLabel}
          onClick={onToggle}
        >
          {open ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack spacing={1.5} sx={{ pt: 1.5 }}>
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}
