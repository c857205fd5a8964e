import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signUpConfirmationMail } from '../auth/mails';
import { createMailTransport } from './mail.service';
import { linksIn, mailForTerminal } from './mail-terminal';

const link = 'http://localhost:3000/v2/register/confirm?token=abc_DEF-123';
const mail = signUpConfirmationMail('ada@example.com', 'Ada', link);

/** A transport without SMTP, with what it logs (JSON lines) and what it prints on the terminal. */
function transportLogging(logFormat: 'pretty' | 'json', level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const printed: string[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const transport = createMailTransport(undefined, 'Parley <no-reply@parley.test>', logger, {
    logFormat,
    write: (text) => printed.push(text),
  });
  return { transport, lines, printed };
}

describe('a mail not sent for want of SMTP_URL, on the terminal', () => {
  it('finds each link of a text once', () => {
    expect(linksIn(`Open ${link}\nor ${link}, or https://parley.test/v2/login.`)).toEqual([
      link,
      'https://parley.test/v2/login',
    ]);
  });

  it('prints the mail plainly in pretty logs, the link alone on its own line', async () => {
    const { transport, lines, printed } = transportLogging('pretty');
    expect(transport.kind).toBe('log');
    expect(lines[0]?.msg).toMatch(/SMTP_URL is not set.*development mailbox/);
    await transport.deliver(mail);
    const out = printed.join('');
    const outLines = out.split('\n');
    expect(outLines).toContain('To:      ada@example.com');
    expect(outLines).toContain('Subject: Finish creating your Parley account');
    // Nothing else on the link's line: a triple click copies it whole.
    expect(outLines.filter((line) => line === link).length).toBeGreaterThanOrEqual(1);
    expect(out).toContain(mail.text);
    // The log line names the mail; the content is on the terminal, not in pino-pretty's record.
    expect(lines.at(-1)).toMatchObject({ msg: 'Mail not sent: no SMTP_URL is set', to: 'ada@example.com' });
    expect(lines.at(-1)).not.toHaveProperty('text');
  });

  it('logs one JSON record with the text and the links in JSON logs, printing nothing else', async () => {
    const { transport, lines, printed } = transportLogging('json');
    await transport.deliver(mail);
    expect(printed).toEqual([]);
    expect(lines.at(-1)).toMatchObject({
      level: 40,
      msg: 'Mail not sent: no SMTP_URL is set',
      to: 'ada@example.com',
      subject: 'Finish creating your Parley account',
      links: [link],
      text: mail.text,
    });
  });

  it('prints nothing when the server is told to log nothing', async () => {
    const { transport, lines, printed } = transportLogging('pretty', 'silent');
    await transport.deliver(mail);
    expect(printed).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('reads as a block a person can scan', () => {
    expect(mailForTerminal(mail)).toMatchInlineSnapshot(`
      "
      ────────────────────────────────────────────────────────────────────────
      Mail not sent: no SMTP_URL is set. Here it is instead (also in the development mailbox, /v2/dev-mailbox).
      To:      ada@example.com
      Subject: Finish creating your Parley account

      Link:

      http://localhost:3000/v2/register/confirm?token=abc_DEF-123

      ────────────────────────────────────────────────────────────────────────
      Hi Ada,

      Someone (hopefully you) signed up for Parley with this address.
      Open this link within 24 hours to create your company and sign in:

      http://localhost:3000/v2/register/confirm?token=abc_DEF-123

      If you did not sign up, ignore this mail: no account is created.
      ────────────────────────────────────────────────────────────────────────

      "
    `);
  });
});
