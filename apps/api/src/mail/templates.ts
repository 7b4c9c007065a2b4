import {
  type AlertDigest,
  type AlertDigestGroup,
  alertLine,
  formatDate,
  policyCheckItemLine,
} from '@propertydna/domain';
import { mailLinks } from './links';

/**
 * The product's emails. Each gives a subject and the same content twice: simple HTML (inline styles,
 * one column, readable without images) and plain text. Everything interpolated is escaped.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A list under a heading: groups of lines, each group under a title that may link somewhere. */
interface Section {
  heading: string;
  groups: { title: string; url?: string; lines: string[] }[];
}

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Lists after the paragraphs (a digest's items). */
  sections?: Section[];
  action?: { label: string; url: string };
  /** Small print under the action (why the mail came, what to do if it was not you). */
  footnote?: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const sectionText = ({ heading, groups }: Section) => [
  heading,
  '='.repeat(heading.length),
  '',
  ...groups.flatMap(({ title, url, lines }) => [
    url ? `${title} (${url})` : title,
    ...lines.map((line) => `- ${line}`),
    '',
  ]),
];

const sectionHtml = ({ heading, groups }: Section) =>
  `<h2 style="font-size:18px;margin:28px 0 8px;color:#212529">${escapeHtml(heading)}</h2>
${groups
  .map(
    ({ title, url, lines }) =>
      `<p style="font-size:16px;font-weight:600;margin:16px 0 4px">${
        url
          ? `<a href="${escapeHtml(url)}" style="color:#1864ab">${escapeHtml(title)}</a>`
          : escapeHtml(title)
      }</p>
<ul style="margin:0;padding-left:20px">${lines
        .map((line) => `<li style="font-size:15px;line-height:1.5">${escapeHtml(line)}</li>`)
        .join('')}</ul>`,
  )
  .join('\n')}`;

function render({ subject, greeting, paragraphs, sections = [], action, footnote }: Layout): RenderedMail {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap(sectionText),
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
${sections.map(sectionHtml).join('\n')}
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
    action: { label: 'Open PropertyDNA', url: mailLinks.login(input.appUrl) },
    footnote: 'You receive this because an account was created with this email address.',
  });
}

/** A sign-up with an address that already has an account: its owner is told, and nobody else is. */
export function signupAttemptMail(input: { firstName: string; appUrl: string }): RenderedMail {
  return render({
    subject: 'Someone tried to sign up with your PropertyDNA address',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'Someone just tried to create a PropertyDNA account with this email address. You already have an account, so nothing was created and nothing about your account changed.',
      `If it was you, log in with your password. If you have forgotten it, reset it: ${mailLinks.forgotPassword(input.appUrl)}`,
    ],
    action: { label: 'Log in', url: mailLinks.login(input.appUrl) },
    footnote: 'If it was not you, there is nothing to do: nobody can use your address for another account.',
  });
}

/** The link that proves an address: at sign-up, on 'Resend', and for a new address asked for on /account. */
export function verifyEmailMail(input: {
  firstName: string;
  link: string;
  validHours: number;
  change?: boolean;
}): RenderedMail {
  return render({
    subject: input.change
      ? 'Confirm your new PropertyDNA email address'
      : 'Confirm your PropertyDNA email address',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      input.change
        ? 'You asked to use this address for your PropertyDNA account. Confirm it with the link below: until then your account keeps its current address.'
        : 'Confirm that this address is yours with the link below. Until then, what depends on owning it waits: accepting a property transfer addressed to it, being recognised as an invited supplier, and the daily email alert.',
      `The link works once and expires in ${input.validHours} hours.`,
    ],
    action: { label: input.change ? 'Confirm new address' : 'Confirm email address', url: input.link },
    footnote: input.change
      ? 'If you did not ask for this, ignore this email: nothing changes without the link.'
      : 'If you did not create a PropertyDNA account, ignore this email: the address stays unconfirmed.',
  });
}

/** The old address is told when a change to another one is asked for, and again when it took effect. */
export function emailChangeNoticeMail(input: {
  firstName: string;
  newEmail: string;
  appUrl: string;
  done: boolean;
}): RenderedMail {
  return render({
    subject: input.done
      ? 'Your PropertyDNA email address was changed'
      : 'A new email address was asked for your PropertyDNA account',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      input.done
        ? `Your PropertyDNA account now uses ${input.newEmail}. Mail about the account goes there from now on.`
        : `Someone signed in to your PropertyDNA account asked to change its email address to ${input.newEmail}. The change takes effect only when the link sent to that address is opened.`,
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'Reset your password', url: mailLinks.forgotPassword(input.appUrl) },
    footnote: 'If this was not you, reset your password now: someone else may know it.',
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
    action: { label: 'Reset your password', url: mailLinks.forgotPassword(input.appUrl) },
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
    action: { label: 'Reset your password', url: mailLinks.forgotPassword(input.appUrl) },
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

/**
 * The daily email alert (issue 14 §4), and the test of it ('Send me a test reminder email'): what is
 * overdue or due within 7 days, then what comes up within 30 days, per property with a link to it.
 */
export function reminderDigestMail(input: {
  firstName: string;
  appUrl: string;
  /** The South African day it is for, YYYY-MM-DD. */
  today: string;
  digest: AlertDigest;
  test: boolean;
}): RenderedMail {
  const { digest, appUrl } = input;
  const count = digest.dueSoonCount;
  const due = `${count} reminder${count === 1 ? '' : 's'} overdue or due within 7 days`;
  const groups = (list: AlertDigestGroup[]) =>
    list.map(({ property, reminders }) => ({
      title: property.name,
      url: mailLinks.property(appUrl, property.id),
      lines: reminders.map(alertLine),
    }));
  const sections: Section[] = [];
  if (digest.dueSoon.length > 0)
    sections.push({ heading: 'Overdue or due within 7 days', groups: groups(digest.dueSoon) });
  if (digest.comingUp.length > 0)
    sections.push({ heading: 'Coming up within 30 days', groups: groups(digest.comingUp) });
  // Snoozed reminders are not dropped: listed apart, each with the day it is back.
  if (digest.snoozed.length > 0)
    sections.push({ heading: 'Snoozed (back in full on the day shown)', groups: groups(digest.snoozed) });
  // What each property's Policy Check asks, grouped and ordered as the tab shows it (issue 32).
  if (digest.compliance.length > 0) {
    sections.push({
      heading: 'What the compliance check asks, most severe first',
      groups: digest.compliance.map(({ property, items }) => ({
        title: property.name,
        url: mailLinks.policyCheck(appUrl, property.id),
        lines: items.map((item) => policyCheckItemLine(item, input.today)),
      })),
    });
  }
  if (digest.account.length > 0) {
    sections.push({
      heading: 'Your plan',
      groups: [
        {
          title: 'PropertyDNA Premium',
          url: mailLinks.account(appUrl),
          lines: digest.account.map(alertLine),
        },
      ],
    });
  }
  const nothing =
    count > 0
      ? []
      : [
          digest.comingUp.length > 0
            ? 'Nothing is overdue or due within the next 7 days, so the daily alert would not be sent today.'
            : 'Nothing is overdue or due within the next 30 days, so the daily alert would not be sent today.',
        ];
  return render({
    subject: input.test
      ? `Test: your PropertyDNA reminders${count > 0 ? ` (${due})` : ''}`
      : `PropertyDNA: ${due}`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      input.test
        ? 'This is the test reminder email you asked for: your reminders as the daily email alert at 07:00 shows them.'
        : `Your property reminders for ${formatDate(input.today)}: first what is overdue or due within 7 days, then what comes up within 30 days, each most severe first; then what each property's compliance check asks.`,
      ...nothing,
    ],
    sections,
    action: { label: 'Open your maintenance schedule', url: mailLinks.maintenance(appUrl) },
    footnote: input.test
      ? 'The daily alert is sent at 07:00 on days when something is overdue or due within 7 days, while email alerts are on (Premium and the free trial).'
      : `You receive this because email alerts are on for your PropertyDNA account. Turn them off on your account page: ${mailLinks.account(appUrl)}`,
  });
}

/** Issue 15: a service provider is asked to upload documents for a property, by a link that needs no account. */
export function vendorInviteMail(input: {
  vendorName: string;
  ownerName: string;
  address: string;
  dnaCode: string;
  /** 'certificates and inspection reports' */
  what: string;
  url: string;
  expiresOn: string;
}): RenderedMail {
  return render({
    subject: `${input.ownerName} asks you to upload ${input.what} for ${input.address}`,
    greeting: `Hi ${input.vendorName},`,
    paragraphs: [
      `${input.ownerName} keeps the records of ${input.address} (PropertyDNA code ${input.dnaCode}) in PropertyDNA and asks you to upload the ${input.what} you issue for it.`,
      'Open the link on your phone or computer and add your files: photos or PDFs. You do not need an account. What you upload goes straight into the property’s vault, marked as uploaded by you; it is called verified only once PropertyDNA has checked your registration and insurance.',
      `The link works until ${input.expiresOn}.`,
    ],
    action: { label: 'Upload documents', url: input.url },
    footnote:
      'You receive this because the owner of this property entered your email address. If you do not know them, you can ignore this message: nothing happens unless you upload.',
  });
}

/** Issue 15: the owner hears that a provider uploaded a document through their invite. */
export function vendorUploadMail(input: {
  firstName: string;
  vendor: string;
  document: string;
  property: string;
  /** The document's provenance line, as the vault shows it ('Uploaded by an invited vendor · … · Self-declared'). */
  provenance: string;
  url: string;
}): RenderedMail {
  return render({
    subject: `${input.vendor} uploaded ${input.document}`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `${input.vendor} uploaded “${input.document}” to the vault of ${input.property} through your upload link. Your vault shows it as “${input.provenance}”, and the property’s compliance check is being run again.`,
    ],
    action: { label: 'Open the property', url: input.url },
    footnote:
      'If you did not expect this, revoke the link on the property’s Vendors tab and remove the document.',
  });
}

/** Issue 16, Schedule Call: the support team hears who to call, on which number, when and about what. */
export function callbackRequestMail(input: {
  ownerName: string;
  ownerEmail: string;
  propertyName: string;
  address: string;
  dnaCode: string;
  phone: string;
  /** 'Morning (08:00–12:00)' */
  preferredTime: string;
  topic: string;
  requestedAt: string;
}): RenderedMail {
  return render({
    subject: `Callback request: ${input.ownerName} about ${input.propertyName} (${input.dnaCode})`,
    greeting: 'Hi support team,',
    paragraphs: [
      `${input.ownerName} (${input.ownerEmail}) asks to be called back about ${input.propertyName}, ${input.address} (PropertyDNA code ${input.dnaCode}).`,
    ],
    sections: [
      {
        heading: 'The request',
        groups: [
          {
            title: `Call ${input.phone}`,
            lines: [
              `Preferred time: ${input.preferredTime}`,
              `Topic: ${input.topic}`,
              `Requested: ${input.requestedAt}`,
            ],
          },
        ],
      },
    ],
    footnote:
      "Sent from the property's Escalation tab (Schedule Call). The owner sees the request there as Requested.",
  });
}

/** Issue 29 §2: a colleague is invited to join an organisation with a role; they accept signed in as this address. */
export function memberInviteMail(input: {
  inviterName: string;
  organizationName: string;
  roleLabel: string;
  url: string;
  expiresOn: string;
  toEmail: string;
}): RenderedMail {
  return render({
    subject: `${input.inviterName} invited you to ${input.organizationName} on PropertyDNA`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.inviterName} invited you to join ${input.organizationName} on PropertyDNA as ${input.roleLabel.toLowerCase()}.`,
      `To accept, open the link and sign up or log in with this email address (${input.toEmail}), confirmed. The invitation works once, until ${input.expiresOn}.`,
      'You belong to one organisation at a time: joining takes your account into theirs.',
    ],
    action: { label: 'Review the invitation', url: input.url },
    footnote:
      'You receive this because someone entered your email address. If you do not expect it, ignore this message: nothing happens unless you accept.',
  });
}

/**
 * Issue 29 §3: someone outside the organisation (a conveyancer, broker, tenant …) is given read-only
 * access to one property; they accept signed in as this address, confirmed.
 */
export function propertyGrantMail(input: {
  granterName: string;
  organizationName: string;
  propertyName: string;
  address: string;
  dnaCode: string;
  roleLabel: string;
  /** 'its documents and compliance check', 'its documents'. */
  what: string;
  url: string;
  expiresOn: string;
  toEmail: string;
}): RenderedMail {
  return render({
    subject: `${input.granterName} shared ${input.propertyName} with you on PropertyDNA`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.granterName} (${input.organizationName}) gave you read-only access, as ${input.roleLabel.toLowerCase()}, to ${input.propertyName}, ${input.address} (PropertyDNA code ${input.dnaCode}): ${input.what}, always as they are now.`,
      `To accept, open the link and sign up or log in with this email address (${input.toEmail}), confirmed. The link works once; the access lasts until ${input.expiresOn} unless it is revoked sooner.`,
      'Every view and download is recorded in the property’s audit trail, which its owner reads.',
    ],
    action: { label: 'Accept the access', url: input.url },
    footnote:
      'You receive this because someone entered your email address. If you do not expect it, ignore this message: nothing happens unless you accept.',
  });
}

/** Issue 17: a buyer is offered a property with its records; they accept by signing in with this address. */
export function transferOfferMail(input: {
  sellerName: string;
  organizationName: string;
  propertyName: string;
  address: string;
  dnaCode: string;
  /** 'The title deed, 3 certificates and the maintenance history' — what comes with the property. */
  included: string[];
  message: string | null;
  url: string;
  expiresOn: string;
  toEmail: string;
}): RenderedMail {
  return render({
    subject: `${input.sellerName} is transferring ${input.propertyName} to you on PropertyDNA`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.sellerName} (${input.organizationName}) is handing the PropertyDNA record of ${input.propertyName}, ${input.address} (PropertyDNA code ${input.dnaCode}) to you. The DNA code stays with the house.`,
      ...(input.message ? [`Their message: “${input.message}”`] : []),
      `To accept, open the link and sign up or log in with this email address (${input.toEmail}). You can also decline. The offer stands until ${input.expiresOn}.`,
    ],
    sections: [
      {
        heading: 'What is included',
        groups: [{ title: `${input.propertyName} (${input.dnaCode})`, lines: input.included }],
      },
    ],
    action: { label: 'Review the transfer', url: input.url },
    footnote:
      'You receive this because the current owner of this property entered your email address. If you do not expect it, ignore this message: nothing moves unless you accept while signed in with this address.',
  });
}

/** Issue 17: the seller hears that the buyer accepted (with where the receipt is) or declined. */
export function transferDecidedMail(input: {
  firstName: string;
  propertyName: string;
  dnaCode: string;
  decision: 'accepted' | 'declined';
  buyer: string;
  url: string;
}): RenderedMail {
  const accepted = input.decision === 'accepted';
  return render({
    subject: accepted
      ? `${input.propertyName} was transferred to ${input.buyer}`
      : `The transfer of ${input.propertyName} was declined`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: accepted
      ? [
          `${input.buyer} accepted the transfer of ${input.propertyName} (PropertyDNA code ${input.dnaCode}). The property, its documents and its history are theirs now, and your share links and vendor invites for it have ended.`,
          'Your transfer receipt lists every document handed over with its SHA-256 fingerprint. Download it from your transfers.',
        ]
      : [
          `${input.buyer} declined the transfer of ${input.propertyName} (PropertyDNA code ${input.dnaCode}). The property stays in your portfolio; you can start a new transfer at any time.`,
        ],
    action: { label: 'Open your transfers', url: input.url },
    footnote: 'You receive this because you started this transfer on PropertyDNA.',
  });
}

/** Issue 26 §2: a reviewer rejected a document the supplier submitted, and says why. */
export function evidenceRejectedMail(input: {
  firstName: string;
  what: string;
  document: string;
  reason: string;
  url: string;
}): RenderedMail {
  return render({
    subject: `Your ${input.what.toLowerCase()} was not accepted`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `A PropertyDNA reviewer looked at “${input.document}”, which you submitted as your ${input.what.toLowerCase()}, and could not accept it.`,
      `The reason: ${input.reason}`,
      'Upload a document that answers this on the Verification tab of your supplier console and submit it again.',
    ],
    action: { label: 'Open Verification', url: input.url },
    footnote: 'You receive this because you submitted documents for verification on PropertyDNA.',
  });
}

/** Issue 26 §2: a reviewer approved a document the supplier submitted. */
export function evidenceApprovedMail(input: {
  firstName: string;
  what: string;
  document: string;
  validUntil: string | null;
  level: string;
  url: string;
}): RenderedMail {
  return render({
    subject: `Your ${input.what.toLowerCase()} was approved`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `A PropertyDNA reviewer checked “${input.document}” and approved it as your ${input.what.toLowerCase()}${
        input.validUntil ? `, valid until ${formatDate(input.validUntil)}` : ''
      }.`,
      `Your verification level is now: ${input.level}.`,
    ],
    action: { label: 'Open Verification', url: input.url },
    footnote: 'You receive this because you submitted documents for verification on PropertyDNA.',
  });
}

/** Issue 30 §2: a webhook endpoint that failed every attempt of a delivery for a day was turned off. */
export function webhookDisabledMail(input: {
  firstName: string;
  url: string;
  event: string;
  attempts: number;
  lastAnswer: string;
  accountUrl: string;
}): RenderedMail {
  return render({
    subject: 'A PropertyDNA webhook endpoint was disabled',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `Your webhook endpoint ${input.url} did not accept a ${input.event} event in ${input.attempts} attempts over more than a day (last answer: ${input.lastAnswer}), so we disabled it. Nothing more is sent to it until it is enabled again.`,
      'Once the endpoint answers again, enable it on your account page; its delivery log shows each attempt, and any delivery can be sent again from there.',
    ],
    action: { label: 'Open your account', url: input.accountUrl },
    footnote: 'You receive this because you own the organisation the endpoint belongs to.',
  });
}

/** Issue 31 §5: every accepted PayFast payment's tax invoice, mailed to the organisation's owner. */
export function invoiceMail(input: {
  firstName: string;
  invoiceNumber: string;
  amount: string;
  paidUntil: Date;
  accountUrl: string;
}): RenderedMail {
  return render({
    subject: `Your PropertyDNA tax invoice ${input.invoiceNumber}`,
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `Thank you: your payment of ${input.amount} through PayFast was received. Premium is paid until ${formatDate(input.paidUntil)}.`,
      `Your tax invoice ${input.invoiceNumber} (VAT at 15% shown) is attached as a PDF. A copy stays under Premium subscription on your account page.`,
    ],
    action: { label: 'Open your account', url: input.accountUrl },
    footnote: 'You receive this because you own this PropertyDNA organisation.',
  });
}

/** Issue 31 §2: the organisation's account was closed; each member is told, with the day it goes for good. */
export function accountClosedMail(input: {
  firstName: string;
  organizationName: string;
  closedBy: string;
  deleteAfter: Date;
  isOwner: boolean;
  appUrl: string;
}): RenderedMail {
  const day = formatDate(input.deleteAfter.toISOString());
  return render({
    subject: 'Your PropertyDNA account is closed',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `${input.closedBy} closed the PropertyDNA account of ${input.organizationName}. Everyone was signed out, and its API tokens, share links and the access it gave others stopped working.`,
      input.isOwner
        ? `Nothing has been deleted yet. To change your mind, sign in before ${day} and choose Reopen: everything comes back as it was. After that day its properties, documents and files are deleted for good.`
        : `Nothing has been deleted yet: an owner can reopen it by signing in before ${day}. After that day its properties, documents and files are deleted for good.`,
    ],
    action: { label: 'Sign in', url: mailLinks.login(input.appUrl) },
    footnote: 'You receive this because you are a member of this organisation on PropertyDNA.',
  });
}

/** Issue 31 §2: the closed account's rows and files were deleted after the grace (to the owner). */
export function accountDeletedMail(input: { firstName: string; organizationName: string }): RenderedMail {
  return render({
    subject: 'Your PropertyDNA account has been deleted',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      `As you asked when you closed it, the PropertyDNA account of ${input.organizationName} has now been deleted: its properties, documents, stored files, members and settings are gone.`,
      'Properties you transferred to someone else stay with their new owner. Where another organisation’s records name you (a transfer, a supplier’s report), they now say "A closed account".',
      'This is the last email you will receive from us about this account.',
    ],
    footnote: 'You receive this because you closed this account.',
  });
}

/** Issue 31 §1: "Download all my data" is ready; the download is on /account (behind the sign-in). */
export function accountExportReadyMail(input: {
  firstName: string;
  accountUrl: string;
  expiresAt: Date;
}): RenderedMail {
  return render({
    subject: 'Your PropertyDNA data export is ready',
    greeting: `Hi ${input.firstName},`,
    paragraphs: [
      'The export of all your data is ready: one ZIP with every record as JSON, every stored file by property and kind, and a manifest with the SHA-256 of each file.',
      `Download it from your account page until ${formatDate(input.expiresAt)}; after that it is deleted and you can start a new one.`,
    ],
    action: { label: 'Open your account', url: input.accountUrl },
    footnote: 'You receive this because you asked for an export of your organisation’s data on PropertyDNA.',
  });
}
