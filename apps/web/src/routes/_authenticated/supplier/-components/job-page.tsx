import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatDate, formatSize, validateTemplateAnswers } from '@propertydna/domain';
import { type FormEvent, useState } from 'react';
import { DocumentLinksCell, DocumentNameCell } from '../../../../components/documents/document-cells';
import { DocumentUploadForm } from '../../../../components/documents/document-upload-form';
import { ShareLinkModal } from '../../../../components/documents/share-modal';
import { TrustStatus } from '../../../../components/documents/trust-badge';
import { ButtonLink } from '../../../../components/router-links';
import { ShareLinks } from '../../../../components/share/share-links';
import { StackedTable, TableHead } from '../../../../components/table-head';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { useDocumentUpload } from '../../../../lib/upload/use-document-upload';
import { type ReportAnswers, ReportFields } from './report-fields';
import { useTemplates } from './use-templates';

const JOB_DOCUMENT_COLUMNS = ['Document', 'Size', 'Status', 'Upload Date', 'Actions'] as const;

function JobDocuments({ jobId }: { jobId: string }) {
  const documents = trpc.supplier.jobDocuments.useQuery({ id: jobId });
  if (documents.isLoading) return <Loader size="sm" />;
  if (documents.isError) return <Alert color="red">{errorMessage(documents.error, 'Error')}</Alert>;
  const rows = documents.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">No documents yet</Text>;
  return (
    <StackedTable aria-label="Job documents" minWidth={640}>
      <TableHead columns={JOB_DOCUMENT_COLUMNS} />
      <Table.Tbody>
        {rows.map((document) => (
          <Table.Tr key={document.id}>
            <DocumentNameCell label="Document" document={document} withExpiry />
            <Table.Td data-label="Size">{formatSize(document.bytes)}</Table.Td>
            <Table.Td data-label="Status">
              <TrustStatus document={document} />
            </Table.Td>
            <Table.Td data-label="Upload Date">{formatDate(document.created_at)}</Table.Td>
            {/* What the supplier issued, through the same doors as the owner's vault. */}
            <DocumentLinksCell document={document} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}

function JobUpload({ jobId }: { jobId: string }) {
  const upload = useDocumentUpload();
  return (
    <DocumentUploadForm
      items={upload.items}
      busy={upload.busy}
      onUpload={upload.start}
      destination={{ jobId }}
      idPrefix="job-upload"
    />
  );
}

function FillReport({ jobId, jobReference }: { jobId: string; jobReference: string }) {
  const { templates } = useTemplates();
  const utils = trpc.useUtils();
  const createReport = trpc.supplier.createReport.useMutation();
  const [templateId, setTemplateId] = useState('');
  const [answers, setAnswers] = useState<ReportAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const template = templates.find((candidate) => candidate.id === (templateId || templates[0]?.id));

  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    setAnswers({});
    setErrors({});
    setServerError(null);
  };

  const initialAnswers = (): ReportAnswers =>
    template?.fields.some((field) => field.name === 'job_ref') ? { job_ref: jobReference } : {};
  const current = Object.keys(answers).length === 0 ? initialAnswers() : answers;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!template || createReport.isPending) return;
    const filled = Object.fromEntries(Object.entries(current).filter(([, value]) => value.trim() !== ''));
    const check = validateTemplateAnswers(template, filled);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setServerError(null);
    try {
      await createReport.mutateAsync({ id: jobId, templateId: template.id, answers: check.values });
    } catch (error) {
      setServerError(errorMessage(error, 'Error'));
      return;
    }
    setAnswers({});
    await Promise.all([
      utils.supplier.jobDocuments.invalidate({ id: jobId }),
      utils.supplier.jobs.invalidate(),
    ]);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Fill report">
      <Stack gap="sm">
        <NativeSelect
          id="report-template"
          label="Template"
          value={template?.id ?? ''}
          onChange={(event) => chooseTemplate(event.currentTarget.value)}
          data={templates.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} v${candidate.version}`,
          }))}
        />
        {template && (
          <ReportFields
            key={template.id}
            fields={template.fields}
            values={current}
            errors={errors}
            onChange={(name, value) => setAnswers({ ...current, [name]: value })}
          />
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={createReport.isPending} disabled={!template}>
            Generate report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShareJobModal({ jobId, opened, onClose }: { jobId: string; opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const share = trpc.shares.shareJob.useMutation();
  return (
    <ShareLinkModal
      title="Share job"
      subject="this job and its documents"
      opened={opened}
      create={(choices) =>
        share.mutateAsync({ jobId, password: choices.password, expiresInDays: choices.expiresInDays })
      }
      onCreated={() => void utils.shares.links.invalidate({ jobId })}
      onClose={onClose}
    />
  );
}

/** /supplier/jobs/{id}: the job's documents, upload, report, share and links. */
export function JobPage({ jobId }: { jobId: string }) {
  const job = trpc.supplier.job.useQuery({ id: jobId });
  const [sharing, setSharing] = useState(false);

  return (
    <Container size="xl" py="xl">
      <ButtonLink to="/supplier" search={{ tab: 'jobs' }} variant="subtle" px={0}>
        Back to Jobs
      </ButtonLink>
      {job.isLoading && <Loader mt="lg" />}
      {job.isError && (
        <Alert color="red" mt="lg">
          {errorMessage(job.error, 'Job not found')}
        </Alert>
      )}
      {job.data && (
        <Stack gap="lg" mt="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1}>{job.data.job_ref}</Title>
              <Text>{job.data.property_address}</Text>
              <Text c="dimmed" size="sm">
                {job.data.client_name} · {formatDate(job.data.created_at)}
              </Text>
              <Text mt="xs">{job.data.description}</Text>
            </div>
            <Button onClick={() => setSharing(true)}>Share job</Button>
          </Group>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Documents
            </Title>
            <JobDocuments jobId={jobId} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Upload documents
            </Title>
            <JobUpload jobId={jobId} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Report
            </Title>
            <FillReport jobId={jobId} jobReference={job.data.job_ref} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Share links
            </Title>
            <ShareLinks jobId={jobId} />
          </Card>
          <ShareJobModal jobId={jobId} opened={sharing} onClose={() => setSharing(false)} />
        </Stack>
      )}
    </Container>
  );
}
