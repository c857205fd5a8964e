import type { OutgoingMail } from '../mail/mail-outbox.repository';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function passwordResetMail(to: string, firstName: string, link: string): OutgoingMail {
  const text = [
    `Hi ${firstName},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Parley account.',
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>Hi ${escapeHtml(firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your Parley account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="color:#6b7280">Or paste this address into your browser: ${escapeHtml(link)}</p>
<p style="color:#6b7280">If you did not ask for this, ignore this mail: your password stays as it is.</p>
</body></html>`;
  return { to, subject: 'Reset your Parley password', text, html };
}
