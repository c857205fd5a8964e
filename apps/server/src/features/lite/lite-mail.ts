import { EVENT } from '@parley/contracts';
import { type LiteMail, liteMailsOf, mayMailLite } from '@parley/flow';
import type { AppContext, PlannedTurn, TurnOutbox } from '../../context';
import { queueMail } from '../mail/mail.service';
import { escapeHtml } from '../mail/mail-html';
import type { OutgoingMail } from '../mail/mail-outbox.repository';

/** The modules a turn ran, in order. */
const ranModules = (turn: PlannedTurn): string[] =>
  turn.outcome.events.flatMap((event) =>
    event.name === EVENT.ModuleExecuted && event.dimensions['Bot Module ID']
      ? [event.dimensions['Bot Module ID']]
      : [],
  );

function composeLiteMail(mail: LiteMail): OutgoingMail {
  const lines = mail.details.map(({ label, value }) => `${label}: ${value}`);
  const rows = mail.details
    .map(
      ({ label, value }) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return {
    to: mail.to,
    subject: mail.subject,
    text: [mail.intro, '', ...lines].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(mail.intro)}</p>
<table>${rows}</table>
</body></html>`,
  };
}

/**
 * Leads and handoffs of a lite bot whose form chose email (see `liteMailsOf`): the mail is put in
 * the outbox and its delivery queued in the turn's own commit, so it goes exactly when the turn is
 * stored, once, and is sent by the `mail-delivery` job after the commit, never during the turn.
 */
export function liteMailOutbox(ctx: AppContext): TurnOutbox {
  const mailsOf = (turn: PlannedTurn) => liteMailsOf(turn.flow, ranModules(turn), turn.outcome.variables);
  return {
    // Most turns run none of the mailing modules: only those read the bot's lite answers.
    wants: (turn) => ranModules(turn).some(mayMailLite) && mailsOf(turn).length > 0,
    async queue(trx, turn) {
      for (const mail of mailsOf(turn)) await queueMail(trx, ctx.jobs, composeLiteMail(mail));
    },
  };
}
