import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import type { ModuleLook } from '../kit/look';

export const addToCartLook = { icon: AddShoppingCartOutlined, color: '#ca8a04' } satisfies ModuleLook;
