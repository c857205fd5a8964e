import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { ModuleLook } from '../kit/look';

export const orderStatusLook = { icon: LocalShippingOutlined, color: '#15803d' } satisfies ModuleLook;
