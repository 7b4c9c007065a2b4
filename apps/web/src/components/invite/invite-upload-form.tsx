import { Alert, Button, FileButton, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_MESSAGES, MAX_FILES_PER_BATCH } from '@propertydna/domain';
import { type DragEvent, useRef, useState } from 'react';
import type { UpdateItem } from '../../lib/upload/upload-documents';
import { useInviteUpload } from '../../lib/upload/use-invite-upload';
import { validateUploadBatch } from '../../lib/upload/validate';
import { InviteFileCard } from './invite-file-card';
import {
  capacityOf,
  capacityProblem,
  capacityText,
  hasDateErrors,
  INVITE_ACCEPT,
  type InviteFile,
  type InviteView,
  isInFlight,
  newInviteFiles,
  targetOf,
  uploadButtonText,
} from './invite-files';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

interface RoundSummary {
  text: string;
  failed: boolean;
}

/** What a finished round says: how many files landed and how many did not. */
function roundSummary(done: number, failed: number): RoundSummary {
  if (failed === 0) return { text: `${plural(done, 'file')} uploaded. Thank you!`, failed: false };
  const text =
    done === 0
      ? `${plural(failed, 'file')} could not be uploaded: see the message on each.`
      : `${plural(done, 'file')} uploaded; ${failed} could not be: see the message on each.`;
  return { text, failed: true };
}

/**
 * The vendor's upload area (issue 15), phone first: choose files or take a photo (or drop files on the
 * area), say what each one is, then upload them. Each file goes through the vault's verified sequence
 * on its own, with its progress and, when the server refuses it, its message and Retry; the others go on.
 */
export function InviteUploadForm({ token, view }: { token: string; view: InviteView }) {
  const { upload } = useInviteUpload(token);
  const [entries, setEntries] = useState<InviteFile[]>([]);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [summary, setSummary] = useState<RoundSummary | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const resetChoose = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);

  const capacity = capacityOf(view);
  const full = capacity.files === 0 || capacity.bytes === 0;
  const busy = entries.some(isInFlight);
  const queued = entries.filter((entry) => !entry.refused && entry.item.phase === 'queued');
  const problem = capacityProblem(queued, capacity);
  const canUpload = queued.length > 0 && !busy && problem === null && !queued.some(hasDateErrors);
  const canAdd = !full && !busy;
  const hintId = 'invite-files-hint';

  const update: UpdateItem = (key, patch) =>
    setEntries((current) =>
      current.map((entry) =>
        entry.item.key === key ? { ...entry, item: { ...entry.item, ...patch } } : entry,
      ),
    );
  const change = (key: string, apply: (entry: InviteFile) => InviteFile) =>
    setEntries((current) => current.map((entry) => (entry.item.key === key ? apply(entry) : entry)));
  const remove = (key: string) => setEntries((current) => current.filter((entry) => entry.item.key !== key));

  function add(files: File[]) {
    resetChoose.current?.();
    resetPhoto.current?.();
    if (!canAdd || files.length === 0) return;
    setSummary(null);
    // Files already uploaded leave the list (they are under Uploaded now); the rest stay.
    const kept = entries.filter((entry) => entry.item.phase !== 'done');
    if (kept.length + files.length > MAX_FILES_PER_BATCH) {
      setBatchError(DOCUMENT_MESSAGES.tooManyFiles);
      return;
    }
    setBatchError(null);
    const { fileErrors } = validateUploadBatch(files);
    const base = nextKey.current;
    nextKey.current += files.length;
    const added = newInviteFiles(files, fileErrors, view.allowed_kinds, (index) => `file-${base + index}`);
    setEntries((current) => [...current.filter((entry) => entry.item.phase !== 'done'), ...added]);
  }

  async function send(toSend: readonly InviteFile[]) {
    setSummary(null);
    const results = await Promise.all(
      toSend.map((entry) => {
        const item = { ...entry.item, phase: 'queued' as const, percent: 0, error: null };
        update(item.key, item);
        return upload(entry.file, item, targetOf(entry, token), update);
      }),
    );
    const done = results.filter(Boolean).length;
    setSummary(roundSummary(done, results.length - done));
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="invite-add-title">
      <Title order={2} size="h3" id="invite-add-title">
        Add files
      </Title>
      {full ? (
        <Alert color="yellow" role="status">
          This link is full. Ask {view.owner.first_name} for a new one to upload more.
        </Alert>
      ) : (
        <Paper
          withBorder
          p="lg"
          radius="md"
          role="group"
          aria-label="Drop files here"
          onDragOver={(event) => {
            event.preventDefault();
            if (canAdd) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            borderStyle: 'dashed',
            borderWidth: 2,
            borderColor: dragging ? 'var(--mantine-color-blue-filled)' : undefined,
            background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
          }}
        >
          <Stack gap="sm" align="stretch">
            <FileButton
              multiple
              accept={INVITE_ACCEPT}
              disabled={!canAdd}
              resetRef={resetChoose}
              onChange={add}
              inputProps={{ id: 'invite-files', 'aria-describedby': hintId }}
            >
              {(props) => (
                <Button {...props} size="lg" fullWidth disabled={!canAdd} aria-describedby={hintId}>
                  Choose files
                </Button>
              )}
            </FileButton>
            <FileButton
              accept="image/*"
              capture="environment"
              disabled={!canAdd}
              resetRef={resetPhoto}
              onChange={(file) => add(file ? [file] : [])}
              inputProps={{ id: 'invite-photo', 'aria-describedby': hintId }}
            >
              {(props) => (
                <Button
                  {...props}
                  size="lg"
                  fullWidth
                  variant="default"
                  disabled={!canAdd}
                  aria-describedby={hintId}
                >
                  Take a photo
                </Button>
              )}
            </FileButton>
            <Text id={hintId} size="sm" c="dimmed" ta="center">
              PDF, JPG or PNG, up to 50 MB each and {MAX_FILES_PER_BATCH} at a time. On a computer you can
              also drag files here.
            </Text>
          </Stack>
        </Paper>
      )}
      <Text size="sm">{capacityText(capacity)}</Text>
      {batchError && (
        <Alert color="red" role="alert">
          {batchError}
        </Alert>
      )}
      {entries.length > 0 && (
        <Stack component="ul" aria-label="Chosen files" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <InviteFileCard
              key={entry.item.key}
              entry={entry}
              allowedKinds={view.allowed_kinds}
              onChange={(apply) => change(entry.item.key, apply)}
              onRemove={() => remove(entry.item.key)}
              onRetry={() => void send([entry])}
            />
          ))}
        </Stack>
      )}
      {problem && queued.length > 0 && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {queued.length > 0 && (
        <Button size="lg" fullWidth disabled={!canUpload} loading={busy} onClick={() => void send(queued)}>
          {uploadButtonText(queued.length)}
        </Button>
      )}
      <Text role="status" size="sm" fw={500} c={summary?.failed ? 'red' : 'green'}>
        {summary?.text}
      </Text>
    </Stack>
  );
}
