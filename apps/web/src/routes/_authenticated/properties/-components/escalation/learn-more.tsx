import { Accordion, List, Stack, Text, Title } from '@mantine/core';
import {
  CLAIM_GUIDANCE,
  INCIDENT_GUIDANCE,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  type IncidentType,
} from '@propertydna/domain';
import { useId } from 'react';

/** The parts of one incident's guidance, in the order an owner needs them. */
const GUIDANCE_PARTS = [
  { key: 'firstSteps', title: 'What to do first', ordered: true },
  { key: 'insurerWillAsk', title: 'What your insurer will ask for', ordered: false },
  { key: 'timeLimits', title: 'Time limits', ordered: false },
] as const;

function GuidanceList({ items, ordered }: { items: readonly string[]; ordered: boolean }) {
  return (
    <List type={ordered ? 'ordered' : 'unordered'} size="sm" spacing={4}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function GuidanceSection({
  title,
  items,
  ordered = false,
  order = 4,
}: {
  title: string;
  items: readonly string[];
  ordered?: boolean;
  /** The heading's level: 4 inside an incident, 3 beside the incidents. */
  order?: 3 | 4;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={order} size={order === 3 ? 'h5' : 'h6'} id={headingId} mb={4}>
        {title}
      </Title>
      <GuidanceList items={items} ordered={ordered} />
    </section>
  );
}

/**
 * Learn More (issue 16 §7): for each kind of incident, what to do first, what the insurer will ask for
 * and the time limits to report (an accordion, one kind open at a time, `initialType` open at first);
 * then what holds for every claim, what to do when a claim is rejected, the sources and the disclaimer.
 * Written for South African homeowners (packages/domain incidents.ts).
 */
export function LearnMore({ initialType = null }: { initialType?: IncidentType | null }) {
  return (
    <Stack gap="md">
      <Text size="sm">
        What to do when something happens to your home, what your insurer will ask for, and by when. Choose
        the kind of incident.
      </Text>
      <Accordion variant="separated" order={3} defaultValue={initialType ?? undefined}>
        {INCIDENT_TYPES.map((type) => {
          const guidance = INCIDENT_GUIDANCE[type];
          return (
            <Accordion.Item key={type} value={type}>
              <Accordion.Control>{INCIDENT_TYPE_LABELS[type]}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {GUIDANCE_PARTS.map((part) => (
                    <GuidanceSection
                      key={part.key}
                      title={part.title}
                      items={guidance[part.key]}
                      ordered={part.ordered}
                    />
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      <GuidanceSection order={3} title="For every claim" items={CLAIM_GUIDANCE.everyClaim} />
      <GuidanceSection
        order={3}
        title="If your claim is rejected"
        items={CLAIM_GUIDANCE.ifRejected}
        ordered
      />
      <GuidanceSection order={3} title="Sources" items={CLAIM_GUIDANCE.sources} />
      <Text size="xs" c="dimmed">
        {CLAIM_GUIDANCE.disclaimer}
      </Text>
    </Stack>
  );
}
