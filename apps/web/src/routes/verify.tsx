import {
  Alert,
  Button,
  Container,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { sha256HexSchema } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import { type DragEvent, type FormEvent, useState } from 'react';
import { Logo } from '../components/logo';
import { AnchorLink } from '../components/router-links';
import { VerifyResult } from '../components/share/verify-result';
import { errorMessage } from '../lib/error-message';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';
import { HASH_FAILED, hashFile } from '../lib/upload/hash-file';

export const Route = createFileRoute('/verify')({
  head: pageHead('Verify a document'),
  component: VerifyPage,
});

const VERIFY_FAILED = 'Unable to verify the document.';

/** Public: check a file (hashed in the browser) or a pasted SHA-256 against the verified documents. */
function VerifyPage() {
  const [sha256, setSha256] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [hashing, setHashing] = useState(false);
  const [hashError, setHashError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const verify = trpc.shares.verify.useQuery({ sha256: sha256 ?? '' }, { enabled: sha256 !== null });

  async function chooseFile(chosen: File | null) {
    setFile(chosen);
    setHashError(null);
    if (!chosen) return;
    setHashing(true);
    try {
      setSha256(await hashFile(chosen));
    } catch {
      setSha256(null);
      setHashError(HASH_FAILED);
    } finally {
      setHashing(false);
    }
  }

  function checkTyped(event: FormEvent) {
    event.preventDefault();
    const parsed = sha256HexSchema.safeParse(typed.trim().toLowerCase());
    if (!parsed.success) {
      setTypedError(parsed.error.issues[0]?.message ?? 'Invalid SHA-256');
      document.getElementById('verify-sha256')?.focus();
      return;
    }
    setTypedError(null);
    setFile(null);
    setSha256(parsed.data);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void chooseFile(dropped);
  }

  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="lg">
        <AnchorLink to="/" aria-label="PropertyDNA home" underline="never">
          <Logo />
        </AnchorLink>
        <div>
          <Title order={1}>Verify a document</Title>
          <Text c="dimmed" mt={4}>
            Check whether a file is an unchanged copy of a document registered on PropertyDNA, who issued it
            and whether they were checked. The file never leaves your device: only its SHA-256 fingerprint is
            sent.
          </Text>
        </div>
        <Paper
          withBorder
          radius="md"
          p="lg"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          style={dragging ? { borderColor: 'var(--mantine-color-blue-6)', borderStyle: 'dashed' } : undefined}
        >
          <Stack gap="xs">
            <FileInput
              id="verify-file"
              label="Document"
              description="Drop a file here or choose one"
              placeholder="Choose a file"
              value={file}
              onChange={(chosen) => void chooseFile(chosen)}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the file' }}
              error={hashError}
            />
            {hashing ? (
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">Computing the file's fingerprint…</Text>
              </Group>
            ) : null}
          </Stack>
        </Paper>
        <form noValidate onSubmit={checkTyped} aria-label="Verify a SHA-256">
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              id="verify-sha256"
              label="Or paste a SHA-256"
              placeholder="64 hexadecimal characters"
              ff="monospace"
              style={{ flex: 1 }}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={typedError}
              spellCheck={false}
              autoComplete="off"
            />
            <Button type="submit" style={typedError ? { alignSelf: 'center' } : undefined}>
              Verify
            </Button>
          </Group>
        </form>
        {sha256 && verify.isFetching ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Checking…</Text>
          </Group>
        ) : null}
        {sha256 && verify.isError ? (
          <Alert color="red" title="Error" role="alert">
            {errorMessage(verify.error, VERIFY_FAILED)}
          </Alert>
        ) : null}
        {sha256 && verify.data && !verify.isFetching ? (
          <VerifyResult sha256={sha256} result={verify.data} />
        ) : null}
      </Stack>
    </Container>
  );
}
