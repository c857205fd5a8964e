import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import type { ModuleLook } from '../kit/look';

export const handoffLook = { icon: SupportAgentRounded, color: '#059669' } satisfies ModuleLook;
