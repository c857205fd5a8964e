import { Box, Typography } from '@mui/material';

export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: size, height: size, display: 'block' }} />
      <Typography
        component="span"
        sx={{
          fontWeight: 750,
          fontSize: size * 0.62,
          letterSpacing: '-0.02em',
          color: inverted ? '#fff' : 'text.primary',
        }}
      >
        Parley
      </Typography>
    </Box>
  );
}
