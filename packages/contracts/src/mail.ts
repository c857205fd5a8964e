import { z } from 'zod';

/** A mail Parley would have sent, kept because this server has no mail server (SMTP_URL) to send it. */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /** The plain-text body, links written out (the HTML twin is not shown: it says the same). */
  text: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

/** `GET /api/dev-mailbox`: the newest mails first, at most DEV_MAILBOX_SIZE. */
export const devMailboxSchema = z.object({
  /** Whether this server sends mail over SMTP; if so, no new mail lands here. */
  smtpConfigured: z.boolean(),
  mails: z.array(devMailSchema),
});
export type DevMailbox = z.infer<typeof devMailboxSchema>;

/** How many mails the development mailbox keeps the content of; older ones are emptied. */
export const DEV_MAILBOX_SIZE = 50;
