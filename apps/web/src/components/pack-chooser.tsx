import { Button, Checkbox, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  defaultPackSections,
  PACK_TYPE_LABELS,
  type PackSection,
  type PackType,
  packSectionLabel,
} from '@propertydna/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../lib/error-message';
import { trpc } from '../lib/trpc';
import { LoadError } from './load-error';

export const PACK_CHOOSER_MESSAGES = {
  choose: 'Choose what goes in',
  loading: 'Loading what can go in…',
  loadFailed: 'Unable to load what can go in',
  sections: 'Sections',
  documents: 'Documents',
  noDocuments: 'No documents for this pack yet.',
  preview: 'Will be included',
  nothing: "Nothing but the property's details.",
  reset: 'Reset to defaults',
  done: 'Done',
  remembered: (pack: string) => `Your choice is remembered for the next ${pack.toLowerCase()}.`,
} as const;

/** What the pack is made for: a property (insurance pack, property summary) or a claim (claim pack). */
export type PackSubject = { propertyId: string } | { claimId: string };

interface Selection {
  /** Whose selection it is (another property's or claim's is not shown as this one's). */
  key: string;
  sections: string[];
  excluded: string[];
}

/** The short name of a section: 'Compliance gaps' of 'Compliance gaps: the standing, …'. */
export const sectionName = (pack: PackType, section: PackSection) =>
  packSectionLabel(pack, section).split(':')[0] ?? section;

/**
 * The owner's choice for one pack: what the server remembers (or its defaults), changed here until the
 * pack is generated. `query` is the include/exclude to add to the pack's URL; `generated` forgets the
 * local changes and reloads the choice the server now remembers.
 */
export function usePackChoice(pack: PackType, subject: PackSubject | null) {
  const utils = trpc.useUtils();
  const key = JSON.stringify(subject);
  const preview = trpc.reports.packPreview.useQuery(
    { pack, ...(subject ?? { propertyId: '' }) },
    { enabled: subject !== null },
  );
  const [edited, setEdited] = useState<Selection | null>(null);
  const data = subject ? preview.data : undefined;
  const server: Selection | null = data
    ? { key, sections: data.choice.sections, excluded: data.choice.excluded_document_ids }
    : null;
  const current = edited?.key === key ? edited : server;

  /** include/exclude, only when the owner changed something here (else the server's choice applies). */
  function query(): Record<string, string> {
    if (!data || !current || current === server) return {};
    const chosen = new Set(current.sections);
    const excluded = new Set(current.excluded);
    const include = [
      ...data.sections.filter((section) => chosen.has(section.name)).map((section) => section.name),
      ...data.documents
        .filter((document) => !document.included && !excluded.has(document.id))
        .map((d) => d.id),
    ];
    const exclude = [
      ...data.sections.filter((section) => !chosen.has(section.name)).map((section) => section.name),
      ...data.documents.filter((document) => excluded.has(document.id)).map((document) => document.id),
    ];
    return {
      ...(include.length > 0 ? { include: include.join(',') } : {}),
      ...(exclude.length > 0 ? { exclude: exclude.join(',') } : {}),
    };
  }

  return {
    pack,
    preview,
    data,
    current,
    set: (next: Omit<Selection, 'key'>) => setEdited({ key, ...next }),
    query,
    generated: () => {
      setEdited(null);
      void utils.reports.packPreview.invalidate({ pack });
    },
  };
}

export type PackChoice = ReturnType<typeof usePackChoice>;

/**
 * What goes into a pack, above its Generate button: the sections and how many documents, and Choose
 * what goes in, a dialog of checkboxes with the list of what will be included.
 */
export function PackContents({ choice, disabled }: { choice: PackChoice; disabled: boolean }) {
  const [opened, setOpened] = useState(false);
  const summaryId = useId();
  const { data, current, preview } = choice;
  let summary: string | null = null;
  if (data && current) {
    const chosen = new Set(current.sections);
    const sections = data.sections.filter((section) => chosen.has(section.name));
    const documents = data.documents.filter((document) => !current.excluded.includes(document.id)).length;
    summary = `In this pack: ${sections.map((section) => sectionName(choice.pack, section.name)).join(', ') || 'no sections'}; ${documents} of ${data.documents.length} ${data.documents.length === 1 ? 'document' : 'documents'}.`;
  }
  return (
    <div>
      {summary ? (
        <Text size="sm" id={summaryId} data-testid="pack-summary">
          {summary}
        </Text>
      ) : preview.isError && !disabled ? (
        <Text size="sm" c="red">
          {PACK_CHOOSER_MESSAGES.loadFailed}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        mt={4}
        onClick={() => setOpened(true)}
        disabled={disabled}
        aria-describedby={summary ? summaryId : undefined}
      >
        {PACK_CHOOSER_MESSAGES.choose}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`What goes in: ${PACK_TYPE_LABELS[choice.pack]}`}
        size="lg"
      >
        <PackChooser choice={choice} onDone={() => setOpened(false)} />
      </Modal>
    </div>
  );
}

/** A fieldset that looks like none: its legend names the group of checkboxes for screen readers. */
const BARE_FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/** The checkboxes of a pack's sections and documents, and the list of what will be included. */
function PackChooser({ choice, onDone }: { choice: PackChoice; onDone: () => void }) {
  const previewId = useId();
  const { data, current, preview } = choice;
  if (preview.isPending || !data || !current) {
    if (preview.isError) {
      return (
        <LoadError
          title={PACK_CHOOSER_MESSAGES.loadFailed}
          message={errorMessage(preview.error, 'Try again in a moment')}
          onRetry={() => void preview.refetch()}
        />
      );
    }
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={PACK_CHOOSER_MESSAGES.loading}>
        <Skeleton height={18} width="50%" />
        <Skeleton height={18} width="80%" />
        <Skeleton height={18} width="70%" />
      </Stack>
    );
  }
  const chosen = new Set(current.sections);
  const excluded = new Set(current.excluded);
  const toggleSection = (name: string, on: boolean) =>
    choice.set({
      sections: data.sections
        .map((section) => section.name)
        .filter((section) => (section === name ? on : chosen.has(section))),
      excluded: current.excluded,
    });
  const toggleDocument = (id: string, on: boolean) =>
    choice.set({
      sections: current.sections,
      excluded: on ? current.excluded.filter((other) => other !== id) : [...current.excluded, id],
    });
  const groups = [...new Set(data.documents.map((document) => document.group))];
  const included = [
    ...data.sections
      .filter((section) => chosen.has(section.name))
      .map((section) => sectionName(choice.pack, section.name)),
    ...data.documents.filter((document) => !excluded.has(document.id)).map((document) => document.name),
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {PACK_CHOOSER_MESSAGES.remembered(data.pack_label)}
      </Text>
      <fieldset style={BARE_FIELDSET}>
        <Text component="legend" fw={500} size="sm" p={0}>
          {PACK_CHOOSER_MESSAGES.sections}
        </Text>
        <Stack gap="xs" mt={6}>
          {data.sections.map((section) => (
            <Checkbox
              key={section.name}
              label={section.label}
              description={section.default ? 'In by default' : 'Out by default'}
              checked={chosen.has(section.name)}
              onChange={(event) => toggleSection(section.name, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </fieldset>
      <fieldset style={BARE_FIELDSET}>
        <Text component="legend" fw={500} size="sm" p={0}>
          {PACK_CHOOSER_MESSAGES.documents}
        </Text>
        {data.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {PACK_CHOOSER_MESSAGES.noDocuments}
          </Text>
        ) : (
          groups.map((group) => (
            <Stack key={group} gap={6} mt="xs">
              <Text size="xs" c="dimmed" fw={600}>
                {group}
              </Text>
              {data.documents
                .filter((document) => document.group === group)
                .map((document) => (
                  <Checkbox
                    key={document.id}
                    label={document.name}
                    checked={!excluded.has(document.id)}
                    onChange={(event) => toggleDocument(document.id, event.currentTarget.checked)}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                ))}
            </Stack>
          ))
        )}
      </fieldset>
      <section aria-labelledby={previewId} data-testid="pack-preview">
        <Title order={3} size="h6" id={previewId}>
          {PACK_CHOOSER_MESSAGES.preview}
        </Title>
        {included.length === 0 ? (
          <Text size="sm">{PACK_CHOOSER_MESSAGES.nothing}</Text>
        ) : (
          <Stack component="ul" gap={2} m={0} pl="md">
            {included.map((name, index) => (
              <Text component="li" size="sm" key={`${index}-${name}`} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            ))}
          </Stack>
        )}
      </section>
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => choice.set({ sections: defaultPackSections(choice.pack), excluded: [] })}
        >
          {PACK_CHOOSER_MESSAGES.reset}
        </Button>
        <Button onClick={onDone}>{PACK_CHOOSER_MESSAGES.done}</Button>
      </Group>
    </Stack>
  );
}
