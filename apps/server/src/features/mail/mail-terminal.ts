import type { OutgoingMail } from './mail-outbox.repository';

/** The web addresses in a mail's text, once each, in order: the links its reader would follow. */
export function linksIn(text: string): string[] {
  // Punctuation closing a sentence is not part of the address.
  const found = (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(found)];
}

const RULE = '─'.repeat(72);

/**
 * A mail not sent (no SMTP_URL) as a person at the terminal reads it: who and what, each link on
 * a line of its own (nothing else on it, so a double click or a triple click copies it), then
 * the whole text.
 */
export function mailForTerminal(mail: OutgoingMail): string {
  const links = linksIn(mail.text);
  return [
    '',
    RULE,
    'Mail not sent: no SMTP_URL is set. Here it is instead (also in the development mailbox, /v2/dev-mailbox).',
    `To:      ${mail.to}`,
    `Subject: ${mail.subject}`,
    ...(links.length > 0 ? ['', links.length === 1 ? 'Link:' : 'Links:', '', ...links] : []),
    '',
    RULE,
    mail.text,
    RULE,
    '',
    '',
  ].join('\n');
}
