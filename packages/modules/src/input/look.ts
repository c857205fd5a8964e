import KeyboardRounded from '@mui/icons-material/KeyboardRounded';
import type { ModuleLook } from '../kit/look';

export const inputLook = { icon: KeyboardRounded, color: '#0d9488' } satisfies ModuleLook;
