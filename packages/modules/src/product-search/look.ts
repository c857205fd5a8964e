import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { ModuleLook } from '../kit/look';

export const productSearchLook = { icon: StorefrontOutlined, color: '#16a34a' } satisfies ModuleLook;
