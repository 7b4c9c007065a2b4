import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeCheck, formatDate, formatSize, VERIFICATION_MESSAGES } from '@propertydna/domain';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';

type Review = RouterOutputs['backoffice']['reviews'][number];

/** The staff-only inline view of a submitted document (the server answers 403 to anyone else). */
export const evidenceViewUrl = (id: string) => `/api/backoffice/evidence/${id}/view`;

const STATUS_LABELS: Record<Review['status'], string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  lapsed: 'Lapsed',
  outdated: 'Outdated',
};

/** The document itself, in place: a PDF in a frame, an image as an image, anything else as a link. */
function EvidenceViewer({ review }: { review: Review }) {
  const url = evidenceViewUrl(review.id);
  const title = `${review.document.name} (${describeCheck(review)} of ${review.organization.name})`;
  if (review.document.content_type === 'application/pdf') {
    return (
      <iframe src={url} title={title} style={{ width: '100%', height: 480, border: '1px solid #ced4da' }} />
    );
  }
  if (review.document.content_type.startsWith('image/')) {
    return <img src={url} alt={title} style={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain' }} />;
  }
  return (
    <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="light">
      Open {review.document.name}
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** Approve (what was checked, valid until: the evidence's expiry unless changed) or reject with a reason. */
function Decide({ review, onDone }: { review: Review; onDone: () => void }) {
  const utils = trpc.useUtils();
  const approve = trpc.backoffice.approve.useMutation();
  const reject = trpc.backoffice.reject.useMutation();
  const [checked, setChecked] = useState('');
  const [validUntil, setValidUntil] = useState(review.expires_at ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setChecked('');
    setReason('');
    setProblem(null);
    setValidUntil(review.expires_at ?? '');
  }, [review.id, review.expires_at]);

  const run = async (action: 'approve' | 'reject') => {
    setProblem(null);
    try {
      if (action === 'approve') {
        await approve.mutateAsync({ id: review.id, checked, valid_until: validUntil || null });
      } else {
        await reject.mutateAsync({ id: review.id, reason });
      }
    } catch (error) {
      setProblem(errorMessage(error, 'Error'));
      return;
    }
    notifications.show({
      color: 'green',
      message: action === 'approve' ? VERIFICATION_MESSAGES.approved : VERIFICATION_MESSAGES.rejected,
    });
    await utils.backoffice.reviews.invalidate();
    onDone();
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack
        gap="sm"
        component="form"
        aria-label="Approve"
        onSubmit={(event) => {
          event.preventDefault();
          void run('approve');
        }}
      >
        <Textarea
          label="What you checked"
          description="Shown to owners with the approval"
          required
          autosize
          minRows={2}
          value={checked}
          onChange={(event) => setChecked(event.currentTarget.value)}
        />
        <TextInput
          label="Valid until"
          description={
            review.kind === 'liability_insurance'
              ? 'Required: the cover’s end (the certificate’s expiry)'
              : 'Leave empty for no end date'
          }
          type="date"
          required={review.kind === 'liability_insurance'}
          value={validUntil}
          onChange={(event) => setValidUntil(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" color="green" loading={approve.isPending}>
            Approve
          </Button>
        </Group>
      </Stack>
      <Stack
        gap="sm"
        component="form"
        aria-label="Reject"
        onSubmit={(event) => {
          event.preventDefault();
          void run('reject');
        }}
      >
        <Textarea
          label="Reason for rejecting"
          description="Mailed to the supplier"
          required
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={reject.isPending}>
            Reject
          </Button>
        </Group>
      </Stack>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </SimpleGrid>
  );
}

function ReviewDetail({ review, onDone }: { review: Review; onDone: () => void }) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby={headingId} component="section">
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {describeCheck(review)}: {review.organization.name}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
          <Fact label="Company">{review.organization.name}</Fact>
          <Fact label="Trading as">{review.organization.trading_as}</Fact>
          <Fact label="Registration number">{review.organization.registration_number}</Fact>
          <Fact label="Service categories">{review.organization.specialties.join(', ')}</Fact>
          <Fact label="Document">
            {review.document.name} ({formatSize(review.document.bytes)})
          </Fact>
          <Fact label="Expiry given">{review.expires_at ? formatDate(review.expires_at) : null}</Fact>
          <Fact label="Submitted">{formatDate(review.submitted_at)}</Fact>
          <Fact label="Status">{STATUS_LABELS[review.status]}</Fact>
          {review.reviewed_at && (
            <Fact label="Decided">
              {formatDate(review.reviewed_at)}
              {review.reviewer_name ? ` by ${review.reviewer_name}` : ''}
            </Fact>
          )}
          {review.checked && <Fact label="Checked">{review.checked}</Fact>}
          {review.reject_reason && <Fact label="Reason">{review.reject_reason}</Fact>}
          {review.status !== 'pending' && review.status !== 'rejected' && (
            <Fact label="Valid until">
              {review.valid_until ? formatDate(review.valid_until) : 'No end date'}
            </Fact>
          )}
        </SimpleGrid>
        <EvidenceViewer review={review} />
        {review.status === 'pending' && <Decide review={review} onDone={onDone} />}
      </Stack>
    </Paper>
  );
}

/**
 * The back office (staff): the evidence waiting for review, oldest first, or the decisions made (the
 * history); each opens with its document in place and, while pending, the approve and reject forms.
 */
export function BackOfficePage() {
  const access = trpc.backoffice.access.useQuery();
  const [list, setList] = useState<'pending' | 'decided'>('pending');
  const reviews = trpc.backoffice.reviews.useQuery(
    { status: list },
    { enabled: access.data?.staff === true },
  );
  const [selected, setSelected] = useState<string | null>(null);
  const items = reviews.data ?? [];
  const current = items.find((item) => item.id === selected) ?? null;

  let body: React.ReactNode;
  if (access.isLoading || (access.data?.staff && reviews.isLoading)) {
    body = <Loader size="sm" aria-label="Loading the back office" />;
  } else if (access.isError || reviews.isError) {
    body = (
      <Alert color="red">
        {errorMessage(access.error ?? reviews.error, 'Unable to load the back office')}
      </Alert>
    );
  } else if (!access.data?.staff) {
    body = (
      <Alert color="blue" variant="light">
        The back office is for PropertyDNA staff.
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <SegmentedControl
          aria-label="Which submissions"
          value={list}
          onChange={(value) => {
            setList(value as 'pending' | 'decided');
            setSelected(null);
          }}
          data={[
            { value: 'pending', label: 'Pending verifications' },
            { value: 'decided', label: 'History' },
          ]}
          w="fit-content"
        />
        {items.length === 0 ? (
          <Text c="dimmed" role="status">
            {list === 'pending' ? 'Nothing is waiting for review.' : 'No decisions yet.'}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Submissions">
            {items.map((item) => (
              <li key={item.id}>
                <Button
                  variant={item.id === selected ? 'light' : 'subtle'}
                  fullWidth
                  justify="space-between"
                  aria-pressed={item.id === selected}
                  onClick={() => setSelected(item.id)}
                  styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
                  rightSection={
                    <Badge variant="light" tt="none" color={item.status === 'pending' ? 'blue' : 'gray'}>
                      {STATUS_LABELS[item.status]}
                    </Badge>
                  }
                >
                  {item.organization.name} · {describeCheck(item)} · {formatDate(item.submitted_at)}
                </Button>
              </li>
            ))}
          </Stack>
        )}
        {current && (
          <ReviewDetail
            review={current}
            // Closes the decided review only: the reviewer may have opened the next one while the list
            // refreshed after the decision.
            onDone={() => setSelected((open) => (open === current.id ? null : open))}
          />
        )}
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Back office</Title>
      <Text c="dimmed" mt={4} mb="lg">
        Supplier verification: the evidence suppliers submitted, and the decisions on it.
      </Text>
      {body}
    </Container>
  );
}
