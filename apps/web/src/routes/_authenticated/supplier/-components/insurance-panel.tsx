import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  formatDate,
  formatSize,
  type SupplierInsuranceInput,
  supplierInsuranceSchema,
} from '@propertydna/domain';
import { useEffect } from 'react';
import { ViewLink } from '../../../../components/documents/document-links';
import { UploadProgressList } from '../../../../components/documents/upload-progress-list';
import { errorMessage } from '../../../../lib/error-message';
import { trpc } from '../../../../lib/trpc';
import { useDocumentUpload } from '../../../../lib/upload/use-document-upload';
import { UPLOAD_ACCEPT } from '../../../../lib/upload/validate';

export const INSURANCE_UPDATED = 'Insurance updated';

/** The saved cover as the server answers it. */
export interface SavedInsurance {
  insurer: string;
  policy_number: string;
  expires_at: string;
  insured: boolean;
  certificate: { id: string; name: string; bytes: number; uploaded_at: string } | null;
}

type InsuranceValues = { insurer: string; policy_number: string; expires_at: string };

/**
 * What the supplier typed, as typed: self-declared, never 'insured' (owners see insurance as current only
 * from a certificate a reviewer approved, under Verification).
 */
export function InsuranceStatus({ insurance }: { insurance: SavedInsurance | null }) {
  if (!insurance) return <Badge color="gray">No insurance recorded</Badge>;
  return insurance.insured ? (
    <Badge color="gray" variant="outline" tt="none">
      Self-declared cover until {formatDate(insurance.expires_at)}
    </Badge>
  ) : (
    <Badge color="red" tt="none">
      Expired {formatDate(insurance.expires_at)}
    </Badge>
  );
}

export interface InsuranceFormProps {
  insurance: SavedInsurance | null;
  pending: boolean;
  onSubmit: (values: SupplierInsuranceInput) => Promise<unknown>;
}

/** Insurer, policy number and expiry, checked with the domain's schema before they are sent. */
export function InsuranceForm({ insurance, pending, onSubmit }: InsuranceFormProps) {
  const form = useForm<InsuranceValues>({
    mode: 'controlled',
    initialValues: { insurer: '', policy_number: '', expires_at: '' },
    validate: schemaResolver(supplierInsuranceSchema, { sync: true }),
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!insurance) return;
    setValues({
      insurer: insurance.insurer,
      policy_number: insurance.policy_number,
      expires_at: insurance.expires_at,
    });
    resetDirty();
  }, [insurance, setValues, resetDirty]);

  return (
    <form noValidate aria-label="Liability insurance" onSubmit={form.onSubmit((values) => onSubmit(values))}>
      <Stack gap="sm" maw={480}>
        <TextInput label="Insurer" required {...form.getInputProps('insurer')} />
        <TextInput label="Policy number" required {...form.getInputProps('policy_number')} />
        <TextInput label="Expiry date" type="date" required {...form.getInputProps('expires_at')} />
        <Group>
          <Button type="submit" loading={pending}>
            Save insurance
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The certificate: uploaded through the document flow (hashed, signed, PUT with progress, registered as
 * an organisation document), then named on the insurance record. Needs the details saved first.
 */
function CertificateSection({
  insurance,
  save,
  pending,
}: {
  insurance: SavedInsurance | null;
  save: (values: SupplierInsuranceInput) => Promise<void>;
  pending: boolean;
}) {
  const upload = useDocumentUpload();

  // The saved details again, naming the new certificate (or none).
  const attach = async (certificateId: string | null) => {
    if (!insurance) return;
    await save({
      insurer: insurance.insurer,
      policy_number: insurance.policy_number,
      expires_at: insurance.expires_at,
      certificate_document_id: certificateId,
    });
  };

  const choose = async (file: File | null) => {
    if (!file || !insurance) return;
    const outcome = await upload.start([file], {
      destination: { organization: true },
      kind: 'certificate',
      expiresAt: insurance.expires_at,
    });
    if (outcome.refusal) {
      notifications.show({ color: 'red', title: 'Error', message: outcome.refusal });
      return;
    }
    const [id] = outcome.documentIds;
    if (id) await attach(id);
  };

  const certificate = insurance?.certificate ?? null;
  return (
    <Stack gap="sm">
      {certificate ? (
        <Group gap="sm">
          <Text>
            {certificate.name}{' '}
            <Text span c="dimmed" size="sm">
              ({formatSize(certificate.bytes)}, uploaded {formatDate(certificate.uploaded_at)})
            </Text>
          </Text>
          <ViewLink id={certificate.id} name={certificate.name} />
          <Button size="compact-sm" variant="default" loading={pending} onClick={() => void attach(null)}>
            Remove certificate
          </Button>
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          No certificate uploaded yet.
        </Text>
      )}
      <Group>
        <FileButton
          accept={UPLOAD_ACCEPT}
          disabled={!insurance || upload.busy}
          onChange={(file) => void choose(file)}
        >
          {(props) => (
            <Button {...props} variant="light" disabled={!insurance || upload.busy} loading={upload.busy}>
              {certificate ? 'Replace certificate' : 'Upload certificate'}
            </Button>
          )}
        </FileButton>
        {!insurance && (
          <Text size="sm" c="dimmed">
            Save the insurance details first.
          </Text>
        )}
      </Group>
      <UploadProgressList items={upload.items} />
    </Stack>
  );
}

/** Insurance tab: the supplier's liability insurance (spec §2), shown to owners as 'Insured until …'. */
export function InsurancePanel() {
  const utils = trpc.useUtils();
  const insurance = trpc.supplier.insurance.useQuery();
  const update = trpc.supplier.updateInsurance.useMutation();

  if (insurance.isLoading) return <Loader size="sm" aria-label="Loading insurance" />;
  if (insurance.isError) return <Alert color="red">{errorMessage(insurance.error, 'Error')}</Alert>;
  const saved = insurance.data ?? null;

  const save = async (values: SupplierInsuranceInput) => {
    try {
      utils.supplier.insurance.setData(undefined, await update.mutateAsync(values));
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, 'Error') });
      return;
    }
    notifications.show({ color: 'green', message: INSURANCE_UPDATED });
  };

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text>Status:</Text>
        <InsuranceStatus insurance={saved} />
      </Group>
      <Alert color="blue" variant="light" title="Self-declared" maw={640}>
        What you type here is shown as self-declared: it never makes you verified and owners never see it as
        current cover. To have your insurance checked, submit its certificate on the Verification tab; once a
        PropertyDNA reviewer approves it, owners see “Liability insurance current until …”.
      </Alert>
      <InsuranceForm insurance={saved} pending={update.isPending} onSubmit={save} />
      <Card withBorder maw={640}>
        <Title order={3} size="h5" mb="sm">
          Certificate of insurance
        </Title>
        <CertificateSection insurance={saved} save={save} pending={update.isPending} />
      </Card>
    </Stack>
  );
}
