import PhotoOutlined from '@mui/icons-material/PhotoOutlined';
import type { ModuleLook } from '../kit/look';

export const cardLook = { icon: PhotoOutlined, color: '#0891b2' } satisfies ModuleLook;
