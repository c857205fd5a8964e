import AltRouteRounded from '@mui/icons-material/AltRouteRounded';
import type { ModuleLook } from '../kit/look';

export const conditionLook = { icon: AltRouteRounded, color: '#d97706' } satisfies ModuleLook;
