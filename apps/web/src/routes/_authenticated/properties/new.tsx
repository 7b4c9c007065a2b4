import { Container, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AddPropertyForm as AddPropertyPayload, PROPERTY_MESSAGES } from '@propertydna/domain';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { isPlanLimitError } from '../../../lib/plan';
import { usePortfolioInvalidation } from '../../../lib/properties';
import { trpc } from '../../../lib/trpc';
import { AddPropertyForm } from './-components/add-property-form';
import { PlanLimitPrompt } from './-components/upgrade-prompt';

export const Route = createFileRoute('/_authenticated/properties/new')({
  component: AddPropertyPage,
});

function AddPropertyPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.properties.create.useMutation();
  const invalidatePortfolio = usePortfolioInvalidation();
  const [limitHit, setLimitHit] = useState(false);

  async function createProperty(payload: AddPropertyPayload) {
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
    await navigate({ to: '/properties/$id', params: { id: property.id } });
  }

  return (
    <Container size="md" py="xl">
      <Title order={1}>Add New Property</Title>
      <Text c="dimmed" mt={4}>
        Register a property to give it a permanent DNA code
      </Text>
      <AddPropertyForm busy={create.isPending} onSubmit={(payload) => void createProperty(payload)}>
        <PlanLimitPrompt show={limitHit} />
      </AddPropertyForm>
    </Container>
  );
}
