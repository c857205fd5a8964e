import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import type { ModuleLook } from '../kit/look';

export const intentRouterLook = { icon: AccountTreeOutlined, color: '#7c3aed' } satisfies ModuleLook;
