import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import type { ModuleLook } from '../kit/look';

export const delayLook = { icon: HourglassEmptyRounded, color: '#64748b' } satisfies ModuleLook;
