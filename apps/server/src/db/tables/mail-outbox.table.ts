import type { ColumnType, Generated, Selectable } from 'kysely';

export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed';

/** Every mail the product sends, with what became of it; the bodies are emptied once delivered. */
export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** `logged`: no SMTP_URL was configured, so the mail was not sent: the log shows it, the development mailbox keeps the newest. */
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: ColumnType<Date, never, never>;
  delivered_at: Date | null;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;
