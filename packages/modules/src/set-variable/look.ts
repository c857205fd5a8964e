import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import type { ModuleLook } from '../kit/look';

export const setVariableLook = { icon: EditNoteRounded, color: '#d97706' } satisfies ModuleLook;
