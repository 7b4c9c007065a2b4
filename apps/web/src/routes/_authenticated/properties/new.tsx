import { Container, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AddPropertyForm as AddPropertyPayload,
  DOCUMENT_MESSAGES,
  type DocumentKind,
  PROPERTY_MESSAGES,
} from '@propertydna/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { pageHead } from '../../../lib/page-head';
import { isPlanLimitError } from '../../../lib/plan';
import { usePortfolioInvalidation } from '../../../lib/properties';
import { trpc } from '../../../lib/trpc';
import { hashFile } from '../../../lib/upload/hash-file';
import { invalidateDocumentQueries } from '../../../lib/upload/invalidate';
import { putFile } from '../../../lib/upload/put-file';
import {
  initialUploadItems,
  runUpload,
  UPLOAD_FAILED,
  type UploadItem,
} from '../../../lib/upload/upload-documents';
import { type AddPropertyFiles, AddPropertyForm } from './-components/add-property-form';
import { PlanLimitPage, PlanLimitPrompt } from './-components/upgrade-prompt';

export const Route = createFileRoute('/_authenticated/properties/new')({
  head: pageHead('Add property'),
  component: AddPropertyPage,
});

/** How each optional document of the form is registered (spec §2): the deed as a deed, the proof as other. */
const FILE_UPLOADS: readonly {
  field: keyof AddPropertyFiles;
  kind: DocumentKind;
  metadata?: Record<string, string>;
}[] = [
  { field: 'titleDeed', kind: 'deed' },
  { field: 'proofOfResidence', kind: 'other', metadata: { purpose: 'proof_of_residence' } },
];

const UPLOAD_FAILED_TITLE = 'Upload failed';

function AddPropertyPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.properties.create.useMutation();
  // Opened directly at the Free plan's limit, the page offers the trial/upgrade before any form.
  const list = trpc.properties.list.useQuery();
  const invalidatePortfolio = usePortfolioInvalidation();
  const [limitHit, setLimitHit] = useState(false);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [uploading, setUploading] = useState(false);

  /**
   * The chosen documents, through the vault's upload sequence (hash in the worker, sign, PUT, register
   * to the new property), one file at a time. Resolves with the first failure's message, else null.
   */
  async function uploadFiles(propertyId: string, files: AddPropertyFiles): Promise<string | null> {
    const chosen = FILE_UPLOADS.flatMap((upload) => {
      const file = files[upload.field];
      return file ? [{ ...upload, file }] : [];
    });
    if (chosen.length === 0) return null;
    const items = chosen.map(
      ({ file }, index) => initialUploadItems([file], [null], `new-property-${index}`)[0] as UploadItem,
    );
    setUploads(items);
    setUploading(true);
    const update = (key: string, patch: Partial<UploadItem>) =>
      setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
    let failure: string | null = null;
    let uploaded = 0;
    try {
      for (const [index, { file, kind, metadata }] of chosen.entries()) {
        const item = items[index] as UploadItem;
        const errors: string[] = [];
        const result = await runUpload(
          [file],
          [item],
          { destination: { propertyId }, kind, expiresAt: null },
          {
            hash: hashFile,
            signBatch: (declared) => utils.client.documents.signBatch.mutate({ files: declared }),
            put: putFile,
            register: (input) =>
              utils.client.documents.register.mutate(metadata ? { ...input, metadata } : input),
          },
          (key, patch) => {
            if (patch.phase === 'error') errors.push(patch.error ?? UPLOAD_FAILED);
            update(key, patch);
          },
        );
        uploaded += result.documentIds.length;
        if (result.failed > 0 && failure === null) failure = `${file.name}: ${errors[0] ?? UPLOAD_FAILED}`;
      }
    } finally {
      setUploading(false);
    }
    if (uploaded > 0) await invalidateDocumentQueries(utils, [propertyId]);
    return failure;
  }

  async function createProperty(payload: AddPropertyPayload, files: AddPropertyFiles) {
    let property: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      // The server issues the permanent DNA code; the form sends none.
      property = await create.mutateAsync(payload);
    } catch (error) {
      setLimitHit(isPlanLimitError(error));
      notifications.show({
        color: 'red',
        title: PROPERTY_MESSAGES.createFailed.title,
        message: errorMessage(error, PROPERTY_MESSAGES.createFailed.message),
      });
      return;
    }
    setLimitHit(false);
    // The detail page opens on the answer itself, without asking for it again.
    utils.properties.byId.setData({ id: property.id }, property);
    void invalidatePortfolio();
    notifications.show({
      color: 'green',
      title: PROPERTY_MESSAGES.created,
      message: `Its DNA code is ${property.dnaCode}.`,
    });
    const failure = await uploadFiles(property.id, files);
    if (failure) {
      // The property exists: the owner can upload the document again on its Vault tab.
      notifications.show({
        color: 'red',
        title: UPLOAD_FAILED_TITLE,
        message: `${failure}. You can upload it again on the Vault tab.`,
      });
    } else if (files.titleDeed || files.proofOfResidence) {
      notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.uploaded });
    }
    await navigate({ to: '/properties/$id', params: { id: property.id } });
  }

  return (
    <Container size="md" py="xl">
      <Title order={1}>Add New Property</Title>
      <Text c="dimmed" mt={4}>
        Register a property to give it a permanent DNA code
      </Text>
      <PlanLimitPage propertyCount={list.data?.length} loadFailed={list.isError}>
        <AddPropertyForm
          busy={create.isPending || uploading}
          uploads={uploads}
          onSubmit={(payload, files) => void createProperty(payload, files)}
        >
          <PlanLimitPrompt show={limitHit} />
        </AddPropertyForm>
      </PlanLimitPage>
    </Container>
  );
}
