import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import type { ModuleLook } from '../kit/look';

export const llmLook = { icon: AutoAwesomeOutlined, color: '#7c3aed' } satisfies ModuleLook;
