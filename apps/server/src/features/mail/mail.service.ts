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

/**
 * Delivers one mail over SMTP when SMTP_URL is set. Without it the mail is not sent: the log names
 * it, never its content (a sign-up or recovery link signs its holder in). A person running Parley
 * at a terminal (pretty logs) sees the mail printed there, outside the log, to follow its link.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(
  smtpUrl: string | undefined,
  from: string,
  logger: FastifyBaseLogger,
  options: { printToTerminal?: boolean; onDelivered?: ((mail: OutgoingMail) => void) | undefined } = {},
): MailTransport {
  if (!smtpUrl) {
    return {
      kind: 'log',
      async deliver(mail) {
        options.onDelivered?.(mail);
        logger.warn({ to: mail.to, subject: mail.subject }, 'Mail not sent: no SMTP_URL is set');
        if (options.printToTerminal) {
          process.stdout.write(`\n── Mail to ${mail.to}: ${mail.subject} ──\n${mail.text}\n──\n\n`);
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
 * delivered, the outbox keeps who, what subject and when, not the content (links with tokens).
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
