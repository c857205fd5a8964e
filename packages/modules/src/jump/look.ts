import CallMadeRounded from '@mui/icons-material/CallMadeRounded';
import type { ModuleLook } from '../kit/look';

export const jumpLook = { icon: CallMadeRounded, color: '#64748b' } satisfies ModuleLook;
