import { type ModuleType, moduleTypes } from '@parley/modules';
import { moduleLooks } from '@parley/modules/panels';

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
