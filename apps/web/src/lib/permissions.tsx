import { Tooltip } from '@mantine/core';
import { type Capability, PLAN_LIMITED_WRITES, whyNot } from '@propertydna/domain';
import { cloneElement, createContext, type MouseEvent, type ReactElement, useContext, useId } from 'react';
import { useOptionalAuth } from './auth';

/**
 * What the signed-in member's role allows (issue 29 §1), asked of the domain's permission table, the
 * same table the server enforces: `allowed`, or the reason in words ('Viewers can read but not change
 * anything'). Without a session (a public page, a component shown on its own) nothing is held back
 * here: the server decides.
 */
export function useCan(capability: Capability): { allowed: boolean; reason: string | null } {
  const user = useOptionalAuth()?.user;
  const readOnly = useContext(PlanReadOnlyContext);
  const reason =
    (user ? whyNot(user.role, capability) : null) ??
    (readOnly && (PLAN_LIMITED_WRITES as readonly Capability[]).includes(capability) ? readOnly : null);
  return { allowed: reason === null, reason };
}

/**
 * Issue 31 §5: inside a property that is read-only on the Free plan (Premium lapsed, the property beyond
 * the Free limit), the reason its writes are refused; null elsewhere. useCan then holds back the
 * property's writes (details, documents, maintenance, vendors, claims) with that reason, as the server does.
 */
export const PlanReadOnlyContext = createContext<string | null>(null);

interface GuardedProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

/**
 * A write button the role may not press: still in its place and reachable by keyboard (so the reason can
 * be read), marked disabled (data-disabled, aria-disabled; a click does nothing), with the reason shown
 * on hover and focus and named as its description. A role that may press it gets it unchanged.
 */
export function RoleGuard({
  capability,
  children,
}: {
  capability: Capability;
  children: ReactElement<GuardedProps>;
}) {
  const { reason } = useCan(capability);
  const reasonId = useId();
  if (reason === null) return children;
  // The reason joins what already describes the control (the name of the card it acts on).
  const describedBy = [children.props['aria-describedby'], reasonId].filter(Boolean).join(' ');
  const locked = cloneElement(children, {
    'data-disabled': true,
    'aria-disabled': true,
    'aria-describedby': describedBy,
    onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
  } as GuardedProps);
  return (
    <>
      <Tooltip label={reason} events={{ hover: true, focus: true, touch: true }} withArrow>
        {locked}
      </Tooltip>
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}
