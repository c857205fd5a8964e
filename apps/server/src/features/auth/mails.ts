import { escapeHtml } from '../mail/mail-html';
import type { OutgoingMail } from '../mail/mail-outbox.repository';

interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  /** What happened and what to do, before the button. */
  body: string[];
  button: { label: string; link: string };
  /** Quieter lines after the button. */
  footer: string[];
}

/** A plain-text mail and its HTML twin with one button. */
function composeMail({ to, subject, greeting, body, button, footer }: MailContent): OutgoingMail {
  const text = [greeting, '', ...body, '', button.link, '', ...footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${body.map(escapeHtml).join('\n')}</p>
<p><a href="${escapeHtml(button.link)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(button.label)}</a></p>
<p style="color:#6b7280">Or paste this address into your browser: ${escapeHtml(button.link)}</p>
${footer.map((line) => `<p style="color:#6b7280">${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, firstName: string, link: string): OutgoingMail {
  return composeMail({
    to,
    subject: 'Reset your Parley password',
    greeting: `Hi ${firstName},`,
    body: [
      'Someone (hopefully you) asked to reset the password of your Parley account.',
      'Open this link within one hour to choose a new password:',
    ],
    button: { label: 'Choose a new password', link },
    footer: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
  });
}

export function signUpConfirmationMail(to: string, firstName: string, link: string): OutgoingMail {
  return composeMail({
    to,
    subject: 'Finish creating your Parley account',
    greeting: `Hi ${firstName},`,
    body: [
      'Someone (hopefully you) signed up for Parley with this address.',
      'Open this link within 24 hours to create your company and sign in:',
    ],
    button: { label: 'Create my account', link },
    footer: ['If you did not sign up, ignore this mail: no account is created.'],
  });
}

/** To the owner of an address that already has an account, when someone signs up with it again. */
export function signUpAttemptMail(
  to: string,
  firstName: string,
  links: { signIn: string; reset: string },
): OutgoingMail {
  return composeMail({
    to,
    subject: 'Someone tried to sign up to Parley with your address',
    greeting: `Hi ${firstName},`,
    body: [
      'Someone (perhaps you) tried to create a Parley account with this address, which already has one.',
      'No new account was made. To use your account, sign in:',
    ],
    button: { label: 'Sign in to Parley', link: links.signIn },
    footer: [
      `Forgot your password? Choose a new one at ${links.reset}`,
      'If it was not you, you can ignore this mail.',
    ],
  });
}

export function invitationMail(
  to: string,
  invitation: { invitedBy: string; companyName: string; link: string },
): OutgoingMail {
  return composeMail({
    to,
    subject: `${invitation.invitedBy} invited you to ${invitation.companyName} on Parley`,
    greeting: 'Hi,',
    body: [
      `${invitation.invitedBy} invited you to join ${invitation.companyName} on Parley.`,
      'Open this link within 7 days to choose your password and sign in:',
    ],
    button: { label: 'Join the team', link: invitation.link },
    footer: ['If you did not expect this, ignore this mail: no account is made without you.'],
  });
}
