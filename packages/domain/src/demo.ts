import { emailSchema } from './schemas/common.js';

/**
 * The private demos of 'Access Demo Accounts' (issue 26 §7): every sign-in gets an organisation of its
 * own, seeded from the sample data, whose users have addresses at this domain. Nothing is ever mailed to
 * it, and nobody can sign up with it.
 */
export const DEMO_EMAIL_DOMAIN = 'demo.propertydna.co.za';

/** A demo organisation and everything in it is removed this long after it was made. */
export const DEMO_LIFETIME_HOURS = 24;

/** Demo sign-ins from one address in an hour. */
export const MAX_DEMOS_PER_ADDRESS_PER_HOUR = 20;

/** An address of the demo (any case, any spaces around it). */
export function isDemoEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);
}

export const DEMO_MESSAGES = {
  /** A demo organisation tried to invite or transfer to someone outside the demo. */
  outsideAddress:
    'Demo accounts cannot send invites or transfers to real addresses. Create a free account to do this.',
  /** A demo organisation tried to accept a property from a real one. */
  receiveTransfer: 'Demo accounts cannot receive transfers. Create a free account to do this.',
  /** A demo supplier tried to put its evidence in front of the staff reviewers. */
  verification: 'Demo accounts cannot be submitted for verification. Create a free account to do this.',
  /** Signing up (or changing an address) to one at the demo's domain. */
  reservedEmail: 'This address belongs to the PropertyDNA demo. Use your own email address.',
  tooMany: (wait: string) => `Too many demo sign-ins from your network. Try again in ${wait}.`,
  unavailable: 'The demo account is not available',
} as const;

/** An address someone can own: any valid email outside the demo's domain. */
export const ownEmailSchema = emailSchema.refine((value) => !isDemoEmail(value), DEMO_MESSAGES.reservedEmail);
