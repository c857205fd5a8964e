import { defineRoute } from './define-route';
import { devMailboxSchema } from './mail';

/** The development mailbox: the mails a server without SMTP_URL did not send, for Parley staff. */
export const mailApi = {
  devMailbox: defineRoute({
    method: 'GET',
    path: '/api/dev-mailbox',
    tags: ['mail'],
    summary:
      'The last mails this server did not send for want of SMTP_URL (sign-up, reset, invitation links); Parley staff only',
    response: devMailboxSchema,
    errors: [401, 403],
  }),
};
