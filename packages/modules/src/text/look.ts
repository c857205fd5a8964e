import TextsmsOutlined from '@mui/icons-material/TextsmsOutlined';
import type { ModuleLook } from '../kit/look';

export const textLook = { icon: TextsmsOutlined, color: '#4f46e5' } satisfies ModuleLook;
