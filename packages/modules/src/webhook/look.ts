import WebhookRounded from '@mui/icons-material/WebhookRounded';
import type { ModuleLook } from '../kit/look';

export const webhookLook = { icon: WebhookRounded, color: '#db2777' } satisfies ModuleLook;
