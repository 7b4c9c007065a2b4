import { Container } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROPERTY_MESSAGES, type PropertyDialog } from '@propertydna/domain';
import { useState } from 'react';
import { usePortfolio } from '../../../components/portfolio/use-portfolio';
import { errorMessage } from '../../../lib/error-message';
import { isPlanLimitError } from '../../../lib/plan';
import { usePortfolioInvalidation } from '../../../lib/properties';
import { trpc } from '../../../lib/trpc';
import { AddPropertyDialog } from '../properties/-components/add-property-dialog';
import { PropertiesView } from '../properties/-components/properties-view';
import { PlanLimitPrompt, usePlanLimitGate } from '../properties/-components/upgrade-prompt';

/**
 * The Properties screen (spec §2): the portfolio's cards in pages, searched and filtered, the Add
 * Property dialog and the Free plan's limit. Shown at /app/properties (the navigation's address), /properties and /app/old/properties.
 */
export function PropertiesPage() {
  const portfolio = usePortfolio();
  const create = trpc.properties.create.useMutation();
  const invalidatePortfolio = usePortfolioInvalidation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [limitHit, setLimitHit] = useState(false);
  // At the Free plan's limit, Add Property offers the trial/upgrade before the dialog opens.
  const gate = usePlanLimitGate(portfolio.propertyCount);

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
        properties={portfolio.properties}
        loading={portfolio.loading}
        error={portfolio.error}
        onRetry={portfolio.onRetry}
        paging={portfolio.paging}
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
