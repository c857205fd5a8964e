import type { DevMailbox } from '@parley/contracts';
import type { AppContext } from '../../context';
import { ForbiddenException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { listLoggedMails } from './mail-outbox.repository';

/**
 * The mails this server did not send for want of SMTP_URL, for Parley staff (the Internal company,
 * not limited to some bots): they hold every company's sign-up, reset and invitation links.
 */
export async function readDevMailbox(ctx: AppContext, session: Session): Promise<DevMailbox> {
  if (session.user.company_type !== 'Internal' || session.user.bot_ids) {
    throw new ForbiddenException('Only Parley staff may read the development mailbox', {
      reason: 'staff-only',
    });
  }
  const rows = await listLoggedMails(ctx.database.db);
  return {
    smtpConfigured: ctx.config.smtpUrl !== undefined,
    mails: rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      createdAt: row.created_at.toISOString(),
      text: row.text_body,
    })),
  };
}
