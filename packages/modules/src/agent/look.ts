import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import type { ModuleLook } from '../kit/look';

export const agentLook = { icon: SmartToyOutlined, color: '#7c3aed' } satisfies ModuleLook;
