import { Badge, List, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  describeCheck,
  formatDate,
  VERIFICATION_CHECK_STATUS_LABELS,
  VERIFICATION_LEVEL_LABELS,
  VERIFICATION_LEVEL_MEANINGS,
  type VerificationCheck,
  type VerificationLevel,
} from '@propertydna/domain';

const LEVEL_COLORS: Record<VerificationLevel, string> = {
  self_declared: 'gray',
  documents_checked: 'green',
  register_matched: 'teal',
};

/**
 * A supplier's verification level as one badge ('Self-declared', 'Documents checked', 'Register
 * matched'), with what the level means on hover and for screen readers (the badge is not focusable).
 */
export function VerificationLevelBadge({ level }: { level: VerificationLevel }) {
  const meaning = VERIFICATION_LEVEL_MEANINGS[level];
  return (
    <Tooltip label={meaning} multiline maw={280} withArrow>
      <Badge
        color={LEVEL_COLORS[level]}
        variant={level === 'self_declared' ? 'outline' : 'light'}
        tt="none"
        data-testid="verification-level"
      >
        {VERIFICATION_LEVEL_LABELS[level]}
        <VisuallyHidden>: {meaning}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/**
 * One check as a line: what was checked, and until when ('Liability insurance certificate · checked
 * Nov 2, 2026 · valid until Mar 31, 2027'); a check that is not approved says where it stands.
 */
export function checkLine(check: VerificationCheck): string {
  const parts = [describeCheck(check)];
  if (check.status === 'approved' || check.status === 'matched') {
    if (check.checked_at) parts.push(`checked ${formatDate(check.checked_at)}`);
    parts.push(check.valid_until ? `valid until ${formatDate(check.valid_until)}` : 'no end date');
    if (check.kind === 'register') parts.push(check.source);
  } else {
    parts.push(VERIFICATION_CHECK_STATUS_LABELS[check.status].toLowerCase());
    if (check.status === 'lapsed' && check.valid_until) parts.push(`ended ${formatDate(check.valid_until)}`);
  }
  return parts.join(' · ');
}

/**
 * What was checked, for the public (the provider card, the share page): the approved and matched checks
 * only, each with until when. Nothing when none holds.
 */
export function VerifiedChecks({ checks, of }: { checks: readonly VerificationCheck[]; of: string }) {
  const held = checks.filter((check) => check.status === 'approved' || check.status === 'matched');
  if (held.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label={`What was checked for ${of}`} data-testid="verified-checks">
      {held.map((check) => (
        <List.Item key={`${check.kind}:${check.trade ?? ''}`}>
          <Text span size="sm">
            {checkLine(check)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
