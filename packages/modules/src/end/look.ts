import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import type { ModuleLook } from '../kit/look';

export const endLook = { icon: StopCircleOutlined, color: '#dc2626' } satisfies ModuleLook;
