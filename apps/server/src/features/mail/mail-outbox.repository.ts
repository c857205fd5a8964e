import { DEV_MAILBOX_SIZE } from '@parley/contracts';
import type { Queryable } from '../../db/database';
import type { MailOutboxRow } from '../../db/tables/mail-outbox.table';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function insertOutboxMail(db: Queryable, mail: OutgoingMail): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findOutboxMail(db: Queryable, id: string): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the mail delivered. A sent mail's bodies are forgotten: they are only kept until sent. A
 * mail not sent (no SMTP_URL) keeps them for the development mailbox, which holds the newest
 * DEV_MAILBOX_SIZE: older ones are emptied as new ones come.
 */
export async function markOutboxDelivered(
  db: Queryable,
  id: string,
  status: 'sent' | 'logged',
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status,
      delivered_at: new Date(),
      attempts: eb('attempts', '+', 1),
      last_error: null,
      ...(status === 'sent' ? { text_body: '', html_body: '' } : {}),
    }))
    .where('id', '=', id)
    .execute();
  if (status === 'logged') await forgetOlderLoggedMails(db);
}

async function forgetOlderLoggedMails(db: Queryable): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ text_body: '', html_body: '' })
    .where('status', '=', 'logged')
    .where('text_body', '<>', '')
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'logged')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(DEV_MAILBOX_SIZE),
    )
    .execute();
}

/** The development mailbox: mails not sent for want of SMTP that still have their content, newest first. */
export async function listLoggedMails(db: Queryable): Promise<MailOutboxRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'logged')
    .where('text_body', '<>', '')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DEV_MAILBOX_SIZE)
    .execute();
}

export async function markOutboxAttemptFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'failed', attempts: eb('attempts', '+', 1), last_error: error.slice(0, 2000) }))
    .where('id', '=', id)
    .execute();
}

/** Newest first; used by tests and by operators reading the outbox. */
export async function listOutboxMailTo(db: Queryable, to: string): Promise<MailOutboxRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()))
    .orderBy('created_at', 'desc')
    .execute();
}
