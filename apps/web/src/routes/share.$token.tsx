import { Button, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SHARE_MESSAGES } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useRef, useState } from 'react';
import { TrustLegend } from '../components/documents/trust-badge';
import { Logo } from '../components/logo';
import { AnchorLink, ButtonLink } from '../components/router-links';
import { AdoptModal } from '../components/share/adopt-modal';
import {
  fetchSharedDocument,
  isViewable,
  openBlob,
  shareDownloadAllUrl,
} from '../components/share/share-download';
import {
  type SharedDocument,
  SharedDocumentsList,
  type SharedItems,
  ShareGate,
  ShareLoadError,
  ShareNotFound,
  ShareSummary,
} from '../components/share/share-view';
import { useAuth } from '../lib/auth';
import { saveBlob } from '../lib/download';
import { errorMessage } from '../lib/error-message';
import { pageHead } from '../lib/page-head';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/share/$token')({
  head: pageHead('Shared documents'),
  component: SharePage,
});

interface ErrorData {
  code?: string;
  details?: { passwordRequired?: unknown };
}

const errorData = (error: unknown): ErrorData | undefined =>
  error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;

/** The share is locked: its fetch failed because the link has a password (spec §4). */
const isPasswordRequired = (error: unknown) => errorData(error)?.details?.passwordRequired === true;
const isNotFound = (error: unknown) => errorData(error)?.code === 'NOT_FOUND';

function SharePage() {
  const { token } = Route.useParams();
  return (
    <Container size="lg" py="xl" component="main">
      <Stack gap="xl">
        <Group justify="space-between">
          <AnchorLink to="/" aria-label="PropertyDNA home" underline="never">
            <Logo />
          </AnchorLink>
        </Group>
        <ShareContent token={token} />
      </Stack>
    </Container>
  );
}

function ShareContent({ token }: { token: string }) {
  const share = trpc.shares.view.useQuery({ token });
  const unlock = trpc.shares.unlock.useMutation();
  // The last refusal: shown on the field (and as the spec's toast) until the password is edited or right.
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const refusalToast = useRef<string | null>(null);

  const hideRefusalToast = () => {
    if (refusalToast.current) notifications.hide(refusalToast.current);
    refusalToast.current = null;
  };

  async function tryUnlock(password: string) {
    try {
      await unlock.mutateAsync({ token, password });
    } catch (error) {
      const wrong = errorData(error)?.code === 'UNAUTHORIZED';
      const message = errorMessage(error, SHARE_MESSAGES.invalidPassword.message);
      setUnlockError(message);
      // A fresh toast for each refusal (the same id would not show again while the last one is up).
      hideRefusalToast();
      refusalToast.current = `share-unlock-${Date.now()}`;
      notifications.show({
        id: refusalToast.current,
        color: 'red',
        title: wrong ? SHARE_MESSAGES.invalidPassword.title : 'Error',
        message,
      });
      return;
    }
    // The right password: the stale refusal goes, on the field and on screen.
    setUnlockError(null);
    hideRefusalToast();
    notifications.show({ color: 'green', message: SHARE_MESSAGES.accessGranted });
    // Spec §4: unlocked after a correct password, after which the share is refetched.
    await share.refetch();
  }

  if (share.data) return <ShareDetails token={token} share={share.data} />;
  if (share.isLoading || (share.isFetching && !share.isError)) {
    return (
      <Group justify="center" py="xl" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text>Loading shared documents…</Text>
      </Group>
    );
  }
  if (isPasswordRequired(share.error)) {
    return (
      <ShareGate
        busy={unlock.isPending || share.isFetching}
        error={unlockError}
        onPasswordChange={() => setUnlockError(null)}
        onUnlock={(password) => void tryUnlock(password)}
      />
    );
  }
  if (isNotFound(share.error)) {
    return (
      <ShareNotFound>
        <AnchorLink to="/">Go to the home page</AnchorLink>
      </ShareNotFound>
    );
  }
  return (
    <ShareLoadError
      message={errorMessage(share.error, SHARE_MESSAGES.notFound)}
      onRetry={() => void share.refetch()}
    />
  );
}

function ShareDetails({ token, share }: { token: string; share: SharedItems }) {
  const { status } = useAuth();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [adopting, setAdopting] = useState(false);

  async function withFile(document: SharedDocument, use: (blob: Blob) => void) {
    setBusyId(document.id);
    try {
      use(await fetchSharedDocument(token, document.id));
    } catch {
      notifications.show({
        color: 'red',
        title: SHARE_MESSAGES.downloadFailed.title,
        message: SHARE_MESSAGES.downloadFailed.message,
      });
    } finally {
      setBusyId(null);
    }
  }

  const download = (document: SharedDocument) =>
    withFile(document, (blob) => {
      saveBlob(blob, document.name);
      notifications.show({ color: 'green', message: SHARE_MESSAGES.downloadStarted });
    });

  const view = (document: SharedDocument) =>
    withFile(document, (blob) => {
      // A type the browser shows opens in a new tab; anything else (or a blocked tab) downloads.
      if (isViewable(blob.type || document.content_type) && openBlob(blob)) return;
      saveBlob(blob, document.name);
      notifications.show({ color: 'green', message: SHARE_MESSAGES.downloadStarted });
    });

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notifications.show({ color: 'green', message: SHARE_MESSAGES.linkCopiedPlain });
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Unable to copy the link.' });
    }
  }

  return (
    <Stack gap="lg">
      <ShareSummary share={share} />
      <Group gap="sm">
        <Button variant="default" onClick={() => void copyLink()}>
          Copy Link
        </Button>
        {share.documents.length > 1 && (
          <Button
            component="a"
            href={shareDownloadAllUrl(token)}
            download
            variant="light"
            onClick={() => notifications.show({ color: 'green', message: SHARE_MESSAGES.downloadStarted })}
          >
            Download all ({share.documents.length}) as ZIP
          </Button>
        )}
        {status === 'authenticated' ? (
          <Button onClick={() => setAdopting(true)}>Adopt to Property</Button>
        ) : null}
      </Group>
      {status === 'anonymous' ? (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between">
            <Text size="sm">Log in or sign up to keep these documents in your own property vault.</Text>
            <Group gap="sm">
              <ButtonLink to="/login" search={{ redirect: `/share/${token}` }} variant="default">
                Login
              </ButtonLink>
              <ButtonLink to="/signup" search={{ redirect: `/share/${token}` }}>
                Sign Up
              </ButtonLink>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <SharedDocumentsList
        documents={share.documents}
        busyId={busyId}
        onView={(document) => void view(document)}
        onDownload={(document) => void download(document)}
      />
      {share.documents.length > 0 && <TrustLegend />}
      {status === 'authenticated' ? (
        <AdoptModal
          token={token}
          opened={adopting}
          jobAddress={share.job?.property_address ?? null}
          onClose={() => setAdopting(false)}
        />
      ) : null}
    </Stack>
  );
}
