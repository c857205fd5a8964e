import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A local SMTP server that keeps what Parley sends, so a test can read it and follow its links. */
export interface Mailbox {
  /** `smtp://…` for Parley's SMTP_URL. */
  url: string;
  mails: Mail[];
  stop(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          // Quoted-printable, as nodemailer writes long lines.
          text: raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
