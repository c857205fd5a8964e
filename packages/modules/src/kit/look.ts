import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

/** How a module type looks in the builder: its icon, and the colour of its node, edges and palette entry. */
export interface ModuleLook {
  icon: ComponentType<SvgIconProps>;
  /** A CSS hex colour (`#4f46e5`); the builder adds its own alpha for tints. */
  color: `#${string}`;
}
