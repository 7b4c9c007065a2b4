/**
 * The product's emails. Each gives a subject and the same content twice: simple HTML (inline styles,
 * one column, readable without images) and plain text. Everything interpolated is escaped.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (why the mail came, what to do if it was not you). */
  footnote?: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render({ subject, greeting, paragraphs, action, footnote }: Layout): RenderedMail {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '— PropertyDNA',
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1864ab;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#495057">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1864ab;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#1864ab;margin:0 0 24px">PropertyDNA</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
${footnote ? `<p style="font-size:13px;line-height:1.5;color:#495057;margin-top:32px">${escapeHtml(footnote)}</p>` : ''}
</div></body></html>`;
  return { subject, text, html };
}

export function welcomeMail(input: { firstName: string; appUrl: string }): RenderedMail {
  return render({
    subject: 'Welcome to PropertyDNA',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'Welcome to PropertyDNA. Every property you add gets a permanent DNA code and a document vault for its title deeds, certificates of compliance, insurance policies and inspection reports.',
      'Log in to add your first property.',
    ],
    action: { label: 'Open PropertyDNA', url: `${input.appUrl}/login` },
    footnote: 'You receive this because an account was created with this email address.',
  });
}

export function passwordResetMail(input: {
  firstName: string;
  link: string;
  validMinutes: number;
}): RenderedMail {
  return render({
    subject: 'Reset your PropertyDNA password',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your PropertyDNA account. If it was you, choose a new password with the link below.',
      `The link works once and expires in ${input.validMinutes} minutes.`,
    ],
    action: { label: 'Reset password', url: input.link },
    footnote:
      'If you did not ask for this, ignore this email: your password stays as it is and nobody can use the link without access to your mailbox.',
  });
}

export function passwordChangedMail(input: {
  firstName: string;
  appUrl: string;
  how: 'changed' | 'reset';
}): RenderedMail {
  return render({
    subject: 'Your PropertyDNA password was changed',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      input.how === 'reset'
        ? 'The password of your PropertyDNA account was just reset with a link sent to this address, and every session was signed out.'
        : 'The password of your PropertyDNA account was just changed, and your other sessions were signed out.',
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'Reset your password', url: `${input.appUrl}/forgot-password` },
    footnote: 'If this was not you, reset your password now with the link above and check your vault.',
  });
}

export function signInFailuresMail(input: {
  firstName: string;
  failures: number;
  appUrl: string;
}): RenderedMail {
  return render({
    subject: 'Failed sign-ins to your PropertyDNA account',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `Your PropertyDNA account has seen ${input.failures} failed sign-in attempts in the last hour. Each further attempt now has to wait longer; your account is not locked and you can still sign in.`,
      'If this was you, there is nothing to do. If not, someone may be guessing your password: choose a long password that you use nowhere else.',
    ],
    action: { label: 'Reset your password', url: `${input.appUrl}/forgot-password` },
  });
}

export function shareLockedMail(input: {
  firstName: string;
  failures: number;
  what: string;
  lockedMinutes: number;
}): RenderedMail {
  return render({
    subject: 'A PropertyDNA share link was locked',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `Your password-protected share link for ${input.what} received ${input.failures} wrong passwords within an hour, so it no longer accepts passwords for the next ${input.lockedMinutes} minutes.`,
      'If you did not expect this, revoke the link under Share links and share a new one with a new password.',
    ],
  });
}
