import { Alert, Button, Center, Container, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  describeMunicipalityInWords,
  type PropertyFeature,
  type UpdatePropertyInput,
} from '@propertydna/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import {
  PropertyReadOnly,
  ReadOnlyPropertyBanner,
  useIsReadOnlyProperty,
} from '../../../components/premium-upgrade';
import { EditFeaturesModal, PropertyFeaturesSummary } from '../../../components/property-features';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { documentTitle } from '../../../lib/page-head';
import { RoleGuard } from '../../../lib/permissions';
import { invalidatePropertyLists, type Property, usePortfolioInvalidation } from '../../../lib/properties';
import { trpc } from '../../../lib/trpc';
import { AccessLedgerSection } from '../-components/access-ledger-section';
import { ActionsTab } from './-components/actions-tab';
import { DemoPropertyDetail } from './-components/demo-property-detail';
import { DEMO_PROPERTY_ID } from './-components/demo-property-id';
import { EscalationTab } from './-components/escalation/escalation-tab';
import { PeopleWithAccess, PeopleWithAccessToggle } from './-components/people-with-access';
import { PolicyCheckTab } from './-components/policy-check-tab';
import { PropertyDetailLayout, PropertyNotFound, storedPropertyPanels } from './-components/property-detail';
import { ArchivePropertyModal, EditPropertyModal } from './-components/property-modals';
import { tabOfSearch } from './-components/property-tabs';
import { OwnershipHistory } from './-components/transfer/ownership-history';
import { pendingTransferOf, TransferPanel } from './-components/transfer/transfer-panel';
import { VaultTab } from './-components/vault-tab';
import { VendorsTab } from './-components/vendors-tab';

export const Route = createFileRoute('/_authenticated/properties/$id')({
  head: ({ params }) => ({
    meta: [{ title: documentTitle(params.id === DEMO_PROPERTY_ID ? 'Demo property' : 'Property') }],
  }),
  validateSearch: tabOfSearch,
  component: PropertyDetailPage,
});

/** /properties/{id}; the id 'demo' is the built-in sample property, which makes no server calls (spec §2). */
function PropertyDetailPage() {
  const { id } = Route.useParams();
  if (id === DEMO_PROPERTY_ID) return <DemoPropertyDetail />;
  return <StoredPropertyDetail key={id} id={id} />;
}

function StoredPropertyDetail({ id }: { id: string }) {
  const property = trpc.properties.byId.useQuery({ id });

  if (property.isLoading) {
    return (
      <Center mih="40vh">
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text>Loading property...</Text>
        </Group>
      </Center>
    );
  }
  if (property.error?.data?.code === 'NOT_FOUND') return <PropertyNotFound propertyId={id} />;
  if (!property.data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" variant="light" title="The property could not be loaded">
          <Text size="sm">{errorMessage(property.error, 'The server could not be reached.')}</Text>
          <Button size="xs" variant="default" mt="sm" onClick={() => void property.refetch()}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
  // Issue 31 §5: a property beyond the Free limit after Premium lapsed holds back its writes.
  return (
    <PropertyReadOnly propertyId={property.data.id}>
      <StoredPropertyView property={property.data} />
    </PropertyReadOnly>
  );
}

function StoredPropertyView({ property }: { property: Property }) {
  const navigate = useNavigate();
  const initialTab = Route.useSearch().tab;
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const invalidatePortfolio = usePortfolioInvalidation();
  const update = trpc.properties.update.useMutation();
  const archive = trpc.properties.archive.useMutation();
  const [editing, setEditing] = useState(false);
  const [editingFeatures, setEditingFeatures] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const transferPanelId = useId();
  const [sharing, setSharing] = useState(false);
  const accessPanelId = useId();
  // A pending transfer shows without asking: the seller sees to whom and can cancel it.
  const transfers = trpc.transfers.list.useQuery();
  const pendingTransfer = pendingTransferOf(transfers.data?.outgoing, property.id);
  // Once shown for a pending transfer the section stays open, also after that transfer is cancelled.
  if (pendingTransfer && !transferring) setTransferring(true);
  const transferShown = transferring || pendingTransfer !== undefined;
  const readOnly = useIsReadOnlyProperty(property.id);

  /** Saves a patch; resolves true when saved. */
  async function save(patch: UpdatePropertyInput): Promise<boolean> {
    try {
      const updated = await update.mutateAsync({ id: property.id, patch });
      utils.properties.byId.setData({ id: property.id }, updated);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: errorMessage(error, 'Failed to update property'),
      });
      return false;
    }
    // The lists show the name and address; the stats do not change.
    void invalidatePropertyLists(utils);
    return true;
  }

  async function saveDetails(patch: UpdatePropertyInput) {
    if (!(await save(patch))) return;
    setEditing(false);
    if (patch.municipality !== undefined) {
      // The municipality's rules rerun on the server: the check and the counts are refetched.
      void utils.compliance.policyCheck.invalidate({ id: property.id });
      void utils.properties.stats.invalidate();
    }
    notifications.show({
      color: 'green',
      title: 'Property updated',
      message:
        patch.municipality === undefined
          ? 'Your changes have been saved.'
          : `Municipality corrected; the DNA code stays ${property.dna_id}.`,
    });
  }

  /** New features bring or drop rules: the server reruns the check, so it and the counts are refetched. */
  async function saveFeatures(features: PropertyFeature[]) {
    if (!(await save({ features }))) return;
    setEditingFeatures(false);
    void utils.compliance.policyCheck.invalidate({ id: property.id });
    void utils.properties.stats.invalidate();
    notifications.show({
      color: 'green',
      title: 'Features saved',
      message: 'The Policy Check now follows them.',
    });
  }

  async function archiveProperty() {
    try {
      await archive.mutateAsync({ id: property.id });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: errorMessage(error, 'Failed to archive property'),
      });
      return;
    }
    setArchiving(false);
    await navigate({ to: '/properties' });
    // Invalidated once this page is gone, so the archived property is not asked for again here.
    void utils.properties.byId.invalidate({ id: property.id });
    void invalidatePortfolio();
    notifications.show({ color: 'green', title: 'Property archived', message: property.name });
  }

  return (
    <>
      <PropertyDetailLayout
        initialTab={initialTab}
        property={property}
        actions={
          <>
            <RoleGuard capability="properties.transfer">
              <Button
                variant="default"
                onClick={() =>
                  pendingTransfer
                    ? document.getElementById(transferPanelId)?.scrollIntoView({ block: 'start' })
                    : setTransferring((open) => !open)
                }
                aria-expanded={transferShown}
                aria-controls={transferShown ? transferPanelId : undefined}
              >
                Transfer ownership
              </Button>
            </RoleGuard>
            <PeopleWithAccessToggle
              opened={sharing}
              controls={accessPanelId}
              onToggle={() => setSharing((open) => !open)}
            />
            <RoleGuard capability="properties.write">
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
            </RoleGuard>
            <RoleGuard capability="properties.write">
              <Button variant="default" color="red" onClick={() => setArchiving(true)}>
                Archive
              </Button>
            </RoleGuard>
          </>
        }
        details={
          <>
            <Text size="sm" data-testid="property-municipality">
              Municipality: {describeMunicipalityInWords(property.municipality)}
            </Text>
            <PropertyFeaturesSummary features={property.features} onEdit={() => setEditingFeatures(true)} />
            <OwnershipHistory propertyId={property.id} />
          </>
        }
        beforeTabs={
          readOnly || transferShown || sharing ? (
            <>
              {readOnly && <ReadOnlyPropertyBanner propertyId={property.id} />}
              {transferShown && <TransferPanel id={transferPanelId} property={property} />}
              {sharing && <PeopleWithAccess id={accessPanelId} propertyId={property.id} />}
              {sharing && <AccessLedgerSection propertyId={property.id} />}
            </>
          ) : undefined
        }
        panels={storedPropertyPanels({
          vault: <VaultTab propertyId={property.id} />,
          policyCheck: (
            <PolicyCheckTab propertyId={property.id} complianceStatus={property.complianceStatus} />
          ),
          actions: <ActionsTab propertyId={property.id} features={property.features} />,
          vendors: <VendorsTab propertyId={property.id} />,
          escalation: <EscalationTab property={property} defaultPhone={user?.phone} />,
        })}
      />
      {editing && (
        <EditPropertyModal
          property={property}
          opened
          onClose={() => setEditing(false)}
          busy={update.isPending}
          onSubmit={(patch) => void saveDetails(patch)}
        />
      )}
      {editingFeatures && (
        <EditFeaturesModal
          features={property.features}
          opened
          onClose={() => setEditingFeatures(false)}
          busy={update.isPending}
          onSubmit={(features) => void saveFeatures(features)}
        />
      )}
      <ArchivePropertyModal
        propertyName={property.name}
        opened={archiving}
        onClose={() => setArchiving(false)}
        busy={archive.isPending}
        onConfirm={() => void archiveProperty()}
      />
    </>
  );
}
