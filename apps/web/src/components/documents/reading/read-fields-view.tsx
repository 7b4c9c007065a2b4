import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ExtractedFieldName, ExtractedFieldOut, ExtractionOut } from '@propertydna/domain';
import { useState } from 'react';
import { CERTIFICATE_TYPE_OPTIONS } from '../labels';
import { PagePreview } from './page-preview';
import {
  confidenceWord,
  currentValue,
  FIELD_STATE_LABELS,
  fieldsToConfirm,
  formatReadValue,
  normaliseAmountInput,
  readFieldInput,
  readingProgress,
  readValueError,
} from './read-values';

/** What confirming sends: per field its value (accepted, perhaps edited) or null (rejected). */
export type ReadFieldDecisions = Partial<Record<ExtractedFieldName, string | null>>;

export interface ReadFromDocumentViewProps {
  documentId: string;
  documentName: string;
  extraction: ExtractionOut;
  /** A confirmation is on its way: the buttons wait. */
  busy: boolean;
  /** The server's refusal of the last confirmation. */
  error: string | null;
  /** Sends the decisions (extraction.confirm); resolves true when they were saved. */
  onConfirm: (fields: ReadFieldDecisions) => Promise<boolean>;
}

const STATE_COLORS = { confirmed: 'green', rejected: 'gray', auto_accepted: 'teal' } as const;

/**
 * 'Read from the document' (issue 27): where the reading stands (queued or running with its progress,
 * failed, unreadable, cut at the page limit, nothing found), and once read each proposed field with
 * its value, confidence in a word, the line it was read from and its state, beside the picture of its
 * page with that line outlined; the outline follows the field hovered or focused. Per field Accept,
 * Edit (checked by the field's rule) and Reject; Accept all. The address read that differs from the
 * property's is a warning.
 */
export function ReadFromDocumentView(props: ReadFromDocumentViewProps) {
  const { extraction } = props;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`read-${props.documentId}`}>
      <Title order={3} size="h5" id={`read-${props.documentId}`}>
        Read from the document
      </Title>
      <ReadingState extraction={extraction} />
      {extraction.address_mismatch && (
        <Alert color="orange" title="Address differs" role="alert">
          {extraction.address_mismatch}
        </Alert>
      )}
      {extraction.status === 'done' && extraction.fields.length > 0 && <ReadFields {...props} />}
      {props.error && (
        <Alert color="red" role="alert" title="Not saved">
          {props.error}
        </Alert>
      )}
    </Stack>
  );
}

function ReadingState({ extraction }: { extraction: ExtractionOut }) {
  switch (extraction.status) {
    case 'queued':
    case 'running': {
      const progress = readingProgress(extraction);
      return (
        <div>
          <Text size="sm" role="status">
            {progress.text}
          </Text>
          <Progress
            mt={4}
            value={progress.percent ?? 100}
            animated={progress.percent === null}
            striped={progress.percent === null}
            aria-label="Reading the document"
          />
        </div>
      );
    }
    case 'failed':
      return (
        <Alert color="red" title="The document could not be read">
          {extraction.message ?? 'Reading it failed. It is tried again later.'}
        </Alert>
      );
    case 'unreadable':
      return (
        <Alert color="gray" title="This document cannot be read">
          {extraction.message ?? 'Nothing could be read from this file.'}
        </Alert>
      );
    case 'done':
      return (
        <>
          {extraction.page_limit_reached && extraction.message && (
            <Alert color="blue" title="Not every page was read">
              {extraction.message}
            </Alert>
          )}
          {extraction.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing could be read with confidence.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Check each value against the page. Nothing read counts until you accept it.
            </Text>
          )}
        </>
      );
  }
}

function ReadFields({ documentId, documentName, extraction, busy, onConfirm }: ReadFromDocumentViewProps) {
  const [activeName, setActiveName] = useState<ExtractedFieldName | null>(null);
  const waiting = fieldsToConfirm(extraction);
  const active =
    extraction.fields.find((field) => field.name === activeName) ?? waiting[0] ?? extraction.fields[0];
  const acceptAll = () =>
    onConfirm(Object.fromEntries(waiting.map((field) => [field.name, currentValue(field)])));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {/* First in the page: above the fields on a phone. */}
      <div style={{ minWidth: 0 }}>
        {active && (
          <PagePreview
            documentId={documentId}
            documentName={documentName}
            page={active.page}
            pages={extraction.pages}
            box={active.box}
            caption={active.label}
          />
        )}
      </div>
      <Stack gap="xs" style={{ minWidth: 0 }}>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Fields read">
          {extraction.fields.map((field) => (
            <ReadFieldRow
              key={field.name}
              field={field}
              active={field.name === active?.name}
              busy={busy}
              onActive={() => setActiveName(field.name)}
              onConfirm={onConfirm}
            />
          ))}
        </Stack>
        {waiting.length > 0 && (
          <Group justify="flex-end">
            <Button onClick={() => void acceptAll()} loading={busy}>
              Accept all
            </Button>
          </Group>
        )}
      </Stack>
    </SimpleGrid>
  );
}

function ReadFieldRow({
  field,
  active,
  busy,
  onActive,
  onConfirm,
}: {
  field: ExtractedFieldOut;
  active: boolean;
  busy: boolean;
  onActive: () => void;
  onConfirm: (fields: ReadFieldDecisions) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const word = confidenceWord(field.confidence);
  const stateLabel = FIELD_STATE_LABELS[field.state];
  const value = currentValue(field);
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      data-active={active || undefined}
      data-state={field.state}
      onMouseEnter={onActive}
      onFocus={onActive}
      style={{
        borderColor: active ? 'var(--mantine-color-orange-7)' : undefined,
        boxShadow: active ? '0 0 0 1px var(--mantine-color-orange-7)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {field.label}
          </Text>
          <Text
            size="sm"
            fw={600}
            td={field.state === 'rejected' ? 'line-through' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {formatReadValue(field.name, value)}
          </Text>
        </div>
        <Badge
          variant="light"
          color={word === 'high' ? 'green' : 'orange'}
          style={{ flexShrink: 0 }}
          title={`Confidence ${Math.round(field.confidence * 100)}%`}
        >
          {word === 'high' ? 'High confidence' : 'Check'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
        Page {field.page}: “{field.text}”
      </Text>
      {stateLabel ? (
        <Badge mt={6} variant="outline" color={STATE_COLORS[field.state as keyof typeof STATE_COLORS]}>
          {field.confirmed_value !== null && field.state === 'confirmed' ? 'Confirmed (edited)' : stateLabel}
        </Badge>
      ) : editing ? (
        <ReadFieldEditor
          field={field}
          busy={busy}
          onCancel={() => setEditing(false)}
          onSave={async (edited) => {
            if (await onConfirm({ [field.name]: edited })) setEditing(false);
          }}
        />
      ) : (
        <Group gap="xs" mt={6}>
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            disabled={busy}
            aria-label={`Accept ${field.label}`}
            onClick={() => void onConfirm({ [field.name]: value })}
          >
            Accept
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            aria-label={`Edit ${field.label}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={busy}
            aria-label={`Reject ${field.label}`}
            onClick={() => void onConfirm({ [field.name]: null })}
          >
            Reject
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function ReadFieldEditor({
  field,
  busy,
  onCancel,
  onSave,
}: {
  field: ExtractedFieldOut;
  busy: boolean;
  onCancel: () => void;
  onSave: (value: string) => Promise<void>;
}) {
  const input = readFieldInput(field.name);
  const [typed, setTyped] = useState(currentValue(field));
  const [error, setError] = useState<string | null>(null);
  const id = `read-edit-${field.name}`;
  const save = (event?: { preventDefault: () => void; stopPropagation: () => void }) => {
    // Enter saves this field, not the details dialog's form around it.
    event?.preventDefault();
    event?.stopPropagation();
    const value = input === 'amount' ? normaliseAmountInput(typed) : typed.trim();
    const refusal = readValueError(field.name, value);
    setError(refusal);
    if (!refusal) void onSave(value);
  };
  const change = (next: string) => {
    setTyped(next);
    setError(null);
  };
  return (
    <Stack gap={6} mt={6} component="div" role="group" aria-label={`Edit ${field.label}`}>
      {input === 'certificate_type' ? (
        <NativeSelect
          id={id}
          size="xs"
          label={`${field.label}, corrected`}
          data={[{ value: '', label: 'Choose a certificate type' }, ...CERTIFICATE_TYPE_OPTIONS]}
          value={typed}
          error={error}
          onChange={(event) => change(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          id={id}
          size="xs"
          label={`${field.label}, corrected`}
          type={input === 'date' ? 'date' : 'text'}
          inputMode={input === 'amount' ? 'decimal' : undefined}
          description={input === 'amount' ? 'In rand, such as 1234.56' : undefined}
          value={typed}
          error={error}
          data-autofocus
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save(event);
            if (event.key === 'Escape') {
              event.stopPropagation();
              onCancel();
            }
          }}
        />
      )}
      <Group gap="xs">
        <Button size="compact-sm" loading={busy} onClick={() => save()}>
          Save
        </Button>
        <Button size="compact-sm" variant="default" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
