import { Container } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROPERTY_MESSAGES, type PropertyDialog } from '@propertydna/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { isPlanLimitError } from '../../../lib/plan';
import { usePortfolioInvalidation } from '../../../lib/properties';
import { trpc } from '../../../lib/trpc';
import { AddPropertyDialog } from '../properties/-components/add-property-dialog';
import { PropertiesView } from '../properties/-components/properties-view';
import { PlanLimitPrompt, usePlanLimitGate } from '../properties/-components/upgrade-prompt';

/**
 * The Properties screen (spec §2): the portfolio's cards, the Add Property dialog and the Free plan's
 * limit. Shown at /app/properties (the navigation's address), /properties and /app/old/properties.
 */
export function PropertiesPage() {
  const list = trpc.properties.list.useQuery();
  const create = trpc.properties.create.useMutation();
  const invalidatePortfolio = usePortfolioInvalidation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [limitHit, setLimitHit] = useState(false);
  // At the Free plan's limit, Add Property offers the trial/upgrade before the dialog opens.
  const gate = usePlanLimitGate(list.data?.length);

  const closeDialog = () => {
    setDialogOpen(false);
    setLimitHit(false);
  };

  async function createProperty(payload: PropertyDialog): Promise<boolean> {
    try {
      await create.mutateAsync(payload);
    } catch (error) {
      setLimitHit(isPlanLimitError(error));
      notifications.show({
        color: 'red',
        title: PROPERTY_MESSAGES.dialogCreateFailed.title,
        message: errorMessage(error, PROPERTY_MESSAGES.dialogCreateFailed.message),
      });
      return false;
    }
    closeDialog();
    void invalidatePortfolio();
    notifications.show({ color: 'green', ...PROPERTY_MESSAGES.dialogCreated });
    return true;
  }

  return (
    <Container size="xl" py="xl">
      {gate.modal}
      <PropertiesView
        properties={list.data}
        loading={list.isLoading}
        error={list.isError ? errorMessage(list.error, 'The server could not be reached.') : null}
        onRetry={() => void list.refetch()}
        onAdd={gate.guard(() => setDialogOpen(true))}
      />
      <AddPropertyDialog
        opened={dialogOpen}
        onClose={closeDialog}
        busy={create.isPending}
        onSubmit={createProperty}
      >
        <PlanLimitPrompt show={limitHit} />
      </AddPropertyDialog>
    </Container>
  );
}
