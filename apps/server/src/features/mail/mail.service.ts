import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Queryable } from '../../db/database';
import { ensureError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import {
  findOutboxMail,
  insertOutboxMail,
  markOutboxAttemptFailed,
  markOutboxDelivered,
  type OutgoingMail,
} from './mail-outbox.repository';
import { linksIn, mailForTerminal } from './mail-terminal';

/**
 * Delivers one mail over SMTP when SMTP_URL is set. Without it the mail cannot be sent, and a
 * person installing Parley would have no way to follow a sign-up, reset or invitation link: so
 * the mail is shown where they look. In pretty logs (a terminal) it is printed plainly, each link
 * on a line of its own; in JSON logs one record carries its text and links. The outbox keeps it
 * for the development mailbox (see markOutboxDelivered). A server that mails for real sets SMTP_URL.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** How the server logs: `pretty` prints a mail not sent on the terminal, `json` logs it as a record. */
  logFormat?: 'pretty' | 'json';
  /** Where the pretty print goes (the terminal; tests read it). */
  write?: (text: string) => void;
  onDelivered?: ((mail: OutgoingMail) => void) | undefined;
}

export function createMailTransport(
  smtpUrl: string | undefined,
  from: string,
  logger: FastifyBaseLogger,
  options: MailTransportOptions = {},
): MailTransport {
  if (!smtpUrl) {
    const pretty = options.logFormat === 'pretty';
    const write = options.write ?? ((text: string) => process.stdout.write(text));
    logger.warn(
      'SMTP_URL is not set: mails (sign-up, password reset, invitations) are not sent; each is shown in this log and in the development mailbox (/v2/dev-mailbox, for Parley staff)',
    );
    return {
      kind: 'log',
      async deliver(mail) {
        options.onDelivered?.(mail);
        if (pretty) {
          logger.warn({ to: mail.to, subject: mail.subject }, 'Mail not sent: no SMTP_URL is set');
          // A server told to log nothing (LOG_LEVEL=silent, as tests run) prints nothing either.
          if (!['error', 'fatal', 'silent'].includes(logger.level)) write(mailForTerminal(mail));
        } else {
          logger.warn(
            { to: mail.to, subject: mail.subject, links: linksIn(mail.text), text: mail.text },
            'Mail not sent: no SMTP_URL is set',
          );
        }
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      options.onDelivered?.(mail);
    },
    close() {
      transporter.close();
    },
  };
}

/** Records the mail in the outbox and queues its delivery, inside the caller's transaction. */
export async function queueMail(db: Queryable, jobs: JobQueue, mail: OutgoingMail): Promise<void> {
  const outboxId = await insertOutboxMail(db, mail);
  await jobs.send(db, 'mail-delivery', { outboxId });
}

/**
 * The `mail-delivery` job: delivers an outbox mail once; a failure is recorded and retried. Once
 * sent, the outbox keeps who, what subject and when, not the content (links with tokens); a mail
 * not sent for want of SMTP keeps its content for the development mailbox (the newest only).
 */
export function deliverOutboxMail(db: Queryable, transport: MailTransport) {
  return async ({ outboxId }: { outboxId: string }): Promise<void> => {
    const mail = await findOutboxMail(db, outboxId);
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    try {
      await transport.deliver({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      });
    } catch (caught) {
      const error = ensureError(caught);
      await markOutboxAttemptFailed(db, outboxId, error.message);
      throw error;
    }
    await markOutboxDelivered(db, outboxId, transport.kind === 'smtp' ? 'sent' : 'logged');
  };
}
