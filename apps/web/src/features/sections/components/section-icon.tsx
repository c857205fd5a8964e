import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import { Box } from '@mui/material';
import type { Section } from '@parley/contracts';

/** The section's own icon in its initial or selected state, or a neutral one when it has none. */
export function SectionIcon({
  section,
  selected,
  size = 22,
}: {
  section: Section;
  selected: boolean;
  size?: number;
}) {
  if (!section.icon)
    return <WidgetsOutlined sx={{ fontSize: size, color: selected ? 'primary.main' : 'text.secondary' }} />;
  const src = selected ? section.icon.selected_state : section.icon.initial_state;
  return <Box component="img" src={src} alt="" sx={{ width: size, height: size, display: 'block' }} />;
}
