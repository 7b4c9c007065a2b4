import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PropertyFeature } from '@propertydna/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { RoleGuard } from '../../../../../lib/permissions';
import { ESCALATION_ACTIONS, type EscalationAction } from '../property-detail';
import { CallRequests } from './call-requests';
import { ClaimsList } from './claims-list';
import { FindProvider } from './find-provider';
import { ESCALATION_TAB_MESSAGES } from './labels';
import { LearnMore } from './learn-more';
import { ScheduleCallModal } from './schedule-call-modal';
import { StartClaimModal } from './start-claim-modal';
import { useReturnFocus } from './use-return-focus';

/** The actions that open a dialog; the other two open a section of the tab. */
type DialogAction = Extract<EscalationAction, 'Start Claim' | 'Schedule Call'>;
type SectionAction = Exclude<EscalationAction, DialogAction>;

const isDialogAction = (action: EscalationAction): action is DialogAction =>
  action === 'Start Claim' || action === 'Schedule Call';

export interface EscalationProperty {
  id: string;
  /** Find Provider searches this area at first. */
  municipality: string | null;
  /** Which evidence an incident asks for (a gas certificate only with gas). */
  features: readonly PropertyFeature[];
}

/**
 * The Escalation tab of a real property (spec §2, issue 16 §5–8): Start Claim, Find Provider, Learn More
 * and Schedule Call at the top; Start Claim and Schedule Call open a dialog, Find Provider and Learn More
 * a section under the buttons (its heading takes the focus). Below, the property's claims with their
 * evidence and claim packs, and its call requests with their status. Start Claim and Schedule Call are
 * held back, with the reason, from a role that cannot start claims and on a property read-only on the
 * Free plan (RoleGuard claims.write); the rest reads and stays. The demo property has its own
 * panel (demo-escalation-panel.tsx), which makes no calls.
 */
export function EscalationTab({
  property,
  defaultPhone,
  now,
}: {
  property: EscalationProperty;
  /** Schedule Call's number at first: the signed-in user's. */
  defaultPhone?: string | null;
  now?: Date;
}) {
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [section, setSection] = useState<SectionAction | null>(null);
  const [focusClaimId, setFocusClaimId] = useState<string | null>(null);
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  /** Set when a section is opened by a click: its heading then takes the focus. */
  const focusSection = useRef(false);
  const sectionId = useId();
  const focus = useReturnFocus();

  useEffect(() => {
    if (!section || !focusSection.current) return;
    focusSection.current = false;
    sectionHeading.current?.focus();
    sectionHeading.current?.scrollIntoView({ block: 'nearest' });
  }, [section]);

  function openSection(action: SectionAction) {
    if (section === action) {
      sectionHeading.current?.focus();
      sectionHeading.current?.scrollIntoView({ block: 'nearest' });
      return;
    }
    focusSection.current = true;
    setSection(action);
  }

  function act(action: EscalationAction) {
    if (isDialogAction(action)) {
      focus.remember();
      setFocusClaimId(null);
      setDialog(action);
    } else if (section === action) {
      setSection(null);
    } else {
      openSection(action);
    }
  }

  const closeDialog = () => {
    setDialog(null);
    focus.restore();
  };

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {ESCALATION_TAB_MESSAGES.intro}
        </Text>
        <Group gap="sm">
          {ESCALATION_ACTIONS.map((action) => {
            const button = (
              <Button
                key={action}
                variant={section === action ? 'light' : 'default'}
                onClick={() => act(action)}
                aria-haspopup={isDialogAction(action) ? 'dialog' : undefined}
                aria-expanded={isDialogAction(action) ? undefined : section === action}
                aria-controls={!isDialogAction(action) && section === action ? sectionId : undefined}
              >
                {action}
              </Button>
            );
            // Start Claim and Schedule Call write (escalation.startClaim, requestCallback: claims.write);
            // Find Provider and Learn More only read.
            return isDialogAction(action) ? (
              <RoleGuard key={action} capability="claims.write">
                {button}
              </RoleGuard>
            ) : (
              button
            );
          })}
        </Group>
      </Stack>

      {section && (
        <Paper
          component="section"
          id={sectionId}
          withBorder
          radius="md"
          p={{ base: 'sm', xs: 'md' }}
          aria-labelledby={`${sectionId}-title`}
        >
          <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
            <Title order={2} size="h4" id={`${sectionId}-title`} ref={sectionHeading} tabIndex={-1}>
              {section}
            </Title>
            <CloseButton
              aria-label={`${ESCALATION_TAB_MESSAGES.close} ${section}`}
              onClick={() => setSection(null)}
            />
          </Group>
          {section === 'Find Provider' ? (
            <FindProvider propertyId={property.id} municipality={property.municipality} now={now} />
          ) : (
            <LearnMore />
          )}
        </Paper>
      )}

      <section aria-labelledby={`${sectionId}-claims`}>
        <Title order={2} size="h4" id={`${sectionId}-claims`} mb="sm">
          {ESCALATION_TAB_MESSAGES.claimsTitle}
        </Title>
        <ClaimsList
          propertyId={property.id}
          focusClaimId={focusClaimId}
          onFindProvider={() => openSection('Find Provider')}
        />
      </section>

      <section aria-labelledby={`${sectionId}-calls`}>
        <Title order={2} size="h4" id={`${sectionId}-calls`} mb="sm">
          {ESCALATION_TAB_MESSAGES.callsTitle}
        </Title>
        <CallRequests propertyId={property.id} />
      </section>

      {dialog === 'Start Claim' && (
        <StartClaimModal
          propertyId={property.id}
          features={property.features}
          onClose={closeDialog}
          onStarted={(claim) => {
            setDialog(null);
            setFocusClaimId(claim.id);
          }}
        />
      )}
      {dialog === 'Schedule Call' && (
        <ScheduleCallModal propertyId={property.id} defaultPhone={defaultPhone} onClose={closeDialog} />
      )}
    </Stack>
  );
}
