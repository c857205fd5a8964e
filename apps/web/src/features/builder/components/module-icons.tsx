import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AltRouteRounded from '@mui/icons-material/AltRouteRounded';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CallMadeRounded from '@mui/icons-material/CallMadeRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import KeyboardRounded from '@mui/icons-material/KeyboardRounded';
import PhotoOutlined from '@mui/icons-material/PhotoOutlined';
import SmartButtonRounded from '@mui/icons-material/SmartButtonRounded';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TextsmsOutlined from '@mui/icons-material/TextsmsOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import WebhookRounded from '@mui/icons-material/WebhookRounded';
import type { SvgIconProps } from '@mui/material';
import { type ModuleType, moduleTypes } from '@parley/modules';
import type { ComponentType } from 'react';

/** Each module type's icon and colour on the canvas. */
export const moduleLooks = {
  text: { icon: TextsmsOutlined, color: '#4f46e5' },
  buttons: { icon: SmartButtonRounded, color: '#4f46e5' },
  card: { icon: PhotoOutlined, color: '#0891b2' },
  carousel: { icon: ViewCarouselOutlined, color: '#0891b2' },
  input: { icon: KeyboardRounded, color: '#0d9488' },
  condition: { icon: AltRouteRounded, color: '#d97706' },
  set_variable: { icon: EditNoteRounded, color: '#d97706' },
  webhook: { icon: WebhookRounded, color: '#db2777' },
  llm: { icon: AutoAwesomeOutlined, color: '#7c3aed' },
  intent_router: { icon: AccountTreeOutlined, color: '#7c3aed' },
  handoff: { icon: SupportAgentRounded, color: '#059669' },
  delay: { icon: HourglassEmptyRounded, color: '#64748b' },
  jump: { icon: CallMadeRounded, color: '#64748b' },
  end: { icon: StopCircleOutlined, color: '#dc2626' },
} satisfies Record<ModuleType, { icon: ComponentType<SvgIconProps>; color: string }>;

/**
 * Every module type's icon, drawn once as an SVG symbol: nodes on the canvas show theirs with
 * <ModuleGlyph> (a plain <use>), so a big bot mounts no icon components at all.
 */
export function ModuleIconSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true">
      <defs>
        {moduleTypes.map((type) => {
          const Icon = moduleLooks[type].icon;
          return (
            <symbol key={type} id={`module-icon-${type}`} viewBox="0 0 24 24">
              <Icon sx={{ fontSize: 24 }} />
            </symbol>
          );
        })}
      </defs>
    </svg>
  );
}

/** A module type's icon from the sprite (ModuleIconSprite must be on the page). */
export function ModuleGlyph({ type, size }: { type: ModuleType; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <use href={`#module-icon-${type}`} />
    </svg>
  );
}
