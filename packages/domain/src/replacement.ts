import {
  CERTIFICATE_TYPE_FEATURES,
  CERTIFICATE_VALIDITY_MONTHS,
  type CertificateType,
  type PropertyFeature,
} from './certificates.js';
import { REMINDER_COMPLETION_MESSAGES } from './schemas/reminder.js';

/**
 * Which document may end an expiring certificate's or policy's reminder as its replacement, and which
 * feature the owner may say they no longer have: the server refuses by these, and the completion
 * dialog offers only what they allow, so both say the same.
 */

/** A document as the completion checks read it: `expires_on` is the expiry every screen shows. */
export interface ReplacementDocument {
  id: string;
  property_id: string | null;
  kind: string;
  certificate_type: CertificateType | null;
  /** The Johannesburg YYYY-MM-DD it stops being valid (documentExpiry); null: none known. */
  expires_on: string | null;
}

/**
 * Why `replacement` cannot replace `expiring` on `today` (a Johannesburg YYYY-MM-DD), or null when it
 * can: it must be another document of the same property and kind (and certificate type, when both say
 * one), current, and valid for longer than the one it replaces. One without an expiry date proves no
 * later cover, so it is refused, unless it is a certificate of a type that never expires (an electrical
 * CoC stays valid until the installation changes).
 */
export function replacementProblem(
  expiring: ReplacementDocument,
  replacement: ReplacementDocument,
  today: string,
): string | null {
  if (replacement.id === expiring.id) return REMINDER_COMPLETION_MESSAGES.replacementSame;
  if (replacement.property_id !== expiring.property_id)
    return REMINDER_COMPLETION_MESSAGES.replacementOtherProperty;
  if (replacement.kind !== expiring.kind) {
    return expiring.kind === 'policy'
      ? REMINDER_COMPLETION_MESSAGES.replacementPolicy
      : REMINDER_COMPLETION_MESSAGES.replacementCertificate;
  }
  const type = replacement.certificate_type ?? expiring.certificate_type;
  if (
    replacement.certificate_type !== null &&
    expiring.certificate_type !== null &&
    replacement.certificate_type !== expiring.certificate_type
  )
    return REMINDER_COMPLETION_MESSAGES.replacementOtherType;
  if (replacement.expires_on === null) {
    const lasting = expiring.kind !== 'policy' && type !== null && !(type in CERTIFICATE_VALIDITY_MONTHS);
    return lasting ? null : REMINDER_COMPLETION_MESSAGES.replacementNoExpiry;
  }
  // Expired from its expiry day on, as the vault and the reminders count it.
  if (replacement.expires_on <= today) return REMINDER_COMPLETION_MESSAGES.replacementExpired;
  if (expiring.expires_on !== null && replacement.expires_on <= expiring.expires_on)
    return REMINDER_COMPLETION_MESSAGES.replacementNotLater;
  return null;
}

/**
 * The feature an expiring document is about, which 'We no longer have' may remove with its reminder:
 * a certificate's (a gas CoC: the gas installation); null for a policy or a certificate of the property
 * itself.
 */
export function featureOfDocument(
  document: Pick<ReplacementDocument, 'kind' | 'certificate_type'>,
): PropertyFeature | null {
  if (document.kind === 'policy' || document.certificate_type === null) return null;
  return CERTIFICATE_TYPE_FEATURES[document.certificate_type] ?? null;
}
