import SmartButtonRounded from '@mui/icons-material/SmartButtonRounded';
import type { ModuleLook } from '../kit/look';

export const buttonsLook = { icon: SmartButtonRounded, color: '#4f46e5' } satisfies ModuleLook;
