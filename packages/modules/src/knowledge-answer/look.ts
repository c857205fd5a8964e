import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import type { ModuleLook } from '../kit/look';

export const knowledgeAnswerLook = { icon: MenuBookOutlined, color: '#6d28d9' } satisfies ModuleLook;
