import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CreateShare,
  createShareSchema,
  SHARE_DEFAULT_DAYS,
  SHARE_FIELD_MESSAGES,
  SHARE_MAX_DAYS,
  SHARE_MESSAGES,
} from '@propertydna/domain';
import { type FormEvent, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { rememberShareUrl } from '../share/remembered-links';

/** The public page of a share link: this app's own origin, whatever the API thinks its address is. */
export const shareLinkFor = (token: string) => `${window.location.origin}/share/${encodeURIComponent(token)}`;

/** What the link was shared as, once generated. */
export interface GeneratedShare {
  url: string;
  /** The clipboard took the link; otherwise the owner copies it from the modal. */
  copied: boolean;
}

interface ShareFieldErrors {
  password?: string;
  expiresInDays?: string;
}

/** The modal's choices, checked with the domain's share schema (password at least 4 characters, 1 to 365 days). */
export function checkShareChoices(
  protect: boolean,
  password: string,
  days: number | string,
): { data: CreateShare; errors: null } | { data: null; errors: ShareFieldErrors } {
  if (protect && password === '') {
    return { data: null, errors: { password: SHARE_FIELD_MESSAGES.sharePasswordTooShort } };
  }
  const parsed = createShareSchema.safeParse({
    password: protect ? password : null,
    expiresInDays: days === '' ? undefined : typeof days === 'number' ? days : Number.NaN,
  });
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: ShareFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'password' || field === 'expiresInDays') errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

export interface ShareModalViewProps {
  opened: boolean;
  /** The modal's title ('Share document' by default). */
  title?: string;
  /** What the link gives, as the sentence names it (a document's name, 'this job'). */
  documentName: string;
  /** A share request is out: Generate is disabled. */
  pending: boolean;
  /** The link made: shown with Copy; no second link can be made from this modal. */
  generated: GeneratedShare | null;
  onGenerate: (choices: CreateShare) => void;
  /** Copy the generated link again. */
  onCopy?: () => void;
  onClose: () => void;
}

/**
 * The Vault's share modal (spec §2): a 'Password protect' checkbox that reveals the password, the
 * link's lifetime in days, 'Generate Share Link' and 'Cancel'; once generated, the link itself.
 */
export function ShareModalView({
  opened,
  title = 'Share document',
  documentName,
  pending,
  generated,
  onGenerate,
  onCopy,
  onClose,
}: ShareModalViewProps) {
  const [protect, setProtect] = useState(false);
  const [password, setPassword] = useState('');
  const [days, setDays] = useState<number | string>(SHARE_DEFAULT_DAYS);
  const [errors, setErrors] = useState<ShareFieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One link per opening: a second click (or Enter) after the link was made makes nothing.
    if (pending || generated) return;
    const check = checkShareChoices(protect, password, days);
    setErrors(check.errors ?? {});
    if (check.data) onGenerate(check.data);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack gap="sm">
          <Text size="sm">
            Create a link to <strong>{documentName}</strong> that anyone holding it can open.
          </Text>
          <Checkbox
            label="Password protect"
            disabled={generated !== null}
            checked={protect}
            onChange={(event) => {
              setProtect(event.currentTarget.checked);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
          />
          {protect && (
            <PasswordInput
              label="Password"
              description="At least 4 characters; tell it to the recipient separately"
              autoComplete="new-password"
              disabled={generated !== null}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
              required
            />
          )}
          <NumberInput
            label="Expires after (days)"
            min={1}
            max={SHARE_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            disabled={generated !== null}
            value={days}
            onChange={setDays}
            error={errors.expiresInDays}
          />
          {generated && (
            <Alert
              color={generated.copied ? 'green' : 'blue'}
              title={generated.copied ? 'Link copied' : 'Link ready'}
            >
              <Stack gap={6}>
                <Text size="sm">
                  {generated.copied
                    ? 'The link is on your clipboard.'
                    : 'Copy the link below and send it to the recipient.'}
                </Text>
                <TextInput
                  label="Share link"
                  readOnly
                  value={generated.url}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Text size="xs">
                  Only this browser tab can copy the link again: PropertyDNA keeps only its fingerprint.
                </Text>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {generated ? 'Close' : 'Cancel'}
            </Button>
            {generated ? (
              <Button onClick={onCopy} data-autofocus>
                Copy link
              </Button>
            ) : (
              <Button type="submit" disabled={pending} loading={pending}>
                Generate Share Link
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A share modal wired to a link-making call: the link goes to the clipboard ('Share link copied')
 * and shows in the modal. Failure: 'Error' / 'Failed to generate share link.' (spec §8).
 */
export function ShareLinkModal({
  title,
  subject,
  opened,
  create,
  onCreated,
  onClose,
}: {
  title?: string;
  subject: string;
  opened: boolean;
  create: (choices: CreateShare) => Promise<{ id: string; token: string }>;
  onCreated?: () => void;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [generated, setGenerated] = useState<GeneratedShare | null>(null);
  const busy = useRef(false);

  const generate = async (choices: CreateShare) => {
    // Guarded here too (a ref, so two clicks in one render cannot both pass): one link per opening.
    if (busy.current || generated) return;
    busy.current = true;
    setPending(true);
    let id: string;
    let token: string;
    try {
      ({ id, token } = await create(choices));
    } catch {
      notifications.show({
        color: 'red',
        title: SHARE_MESSAGES.generateFailed.title,
        message: SHARE_MESSAGES.generateFailed.message,
      });
      busy.current = false;
      return;
    } finally {
      setPending(false);
    }
    const url = shareLinkFor(token);
    rememberShareUrl(id, url);
    const copied = await copyToClipboard(url);
    setGenerated({ url, copied });
    if (copied) notifications.show({ color: 'green', message: SHARE_MESSAGES.linkCopied });
    onCreated?.();
  };

  const copyAgain = async () => {
    if (!generated) return;
    const copied = await copyToClipboard(generated.url);
    notifications.show(
      copied
        ? { color: 'green', message: SHARE_MESSAGES.linkCopiedPlain }
        : {
            color: 'red',
            title: 'Error',
            message: 'Unable to copy the link: select it and copy it yourself.',
          },
    );
  };

  const close = () => {
    busy.current = false;
    setGenerated(null);
    onClose();
  };

  return (
    <ShareModalView
      opened={opened}
      title={title}
      documentName={subject}
      pending={pending}
      generated={generated}
      onGenerate={(choices) => void generate(choices)}
      onCopy={() => void copyAgain()}
      onClose={close}
    />
  );
}

/** The Vault's share modal: a link to one document of the property. */
export function ShareModal({
  propertyId,
  document,
  onCreated,
  onClose,
}: {
  propertyId: string;
  /** The document to share; null while the modal is closed. */
  document: { id: string; name: string } | null;
  /** A link was made (refresh the property's link list). */
  onCreated?: () => void;
  onClose: () => void;
}) {
  return (
    <ShareDocumentsModal
      propertyId={propertyId}
      documents={document ? [document] : null}
      onCreated={onCreated}
      onClose={onClose}
    />
  );
}

/** What the share sentence names: the one document, or how many ('3 documents'). */
export const shareSubject = (documents: readonly { name: string }[]) =>
  documents.length === 1 ? (documents[0]?.name ?? '') : `${documents.length} documents`;

/**
 * The Vault's share modal for chosen documents of one property (issue 32: select several → share as one
 * link): one link holds them all.
 */
export function ShareDocumentsModal({
  propertyId,
  documents,
  onCreated,
  onClose,
}: {
  propertyId: string;
  /** The documents to share; null while the modal is closed. */
  documents: readonly { id: string; name: string }[] | null;
  onCreated?: () => void;
  onClose: () => void;
}) {
  const share = trpc.shares.shareProperty.useMutation();
  return (
    <ShareLinkModal
      // A fresh form for each choice of documents.
      key={documents ? documents.map((document) => document.id).join(',') : 'closed'}
      opened={documents !== null}
      title={documents && documents.length > 1 ? 'Share documents' : undefined}
      subject={documents ? shareSubject(documents) : ''}
      create={(choices) =>
        share.mutateAsync({
          propertyId,
          documentIds: documents ? documents.map((document) => document.id) : [],
          password: choices.password,
          expiresInDays: choices.expiresInDays,
        })
      }
      onCreated={onCreated}
      onClose={onClose}
    />
  );
}
