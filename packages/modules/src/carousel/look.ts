import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import type { ModuleLook } from '../kit/look';

export const carouselLook = { icon: ViewCarouselOutlined, color: '#0891b2' } satisfies ModuleLook;
