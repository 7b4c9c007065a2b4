import { Card, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { homePathOf, seesPortfolio, type UserType } from '@propertydna/domain';
import { Navigate } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/router-links';
import { useAuth } from '../../../lib/auth';
import { DashboardHeader } from './dashboard-header';

/** The dashed card that starts a new property (spec §2). */
function AddPropertyCard() {
  return (
    <Card
      padding="xl"
      radius="md"
      mih={200}
      style={{ border: '2px dashed var(--mantine-color-default-border)', background: 'transparent' }}
    >
      <Stack align="center" justify="center" gap="xs" h="100%" ta="center">
        <Title order={2} size="h4">
          Add New Property
        </Title>
        <Text size="sm" c="dimmed">
          Register a property to give it a permanent DNA code and a document vault.
        </Text>
        <ButtonLink to="/properties/new" mt="sm">
          Get Started
        </ButtonLink>
      </Stack>
    </Card>
  );
}

/** What the dashboard shows for an owner: the header for their type, the intro banner and the add card. */
export function DashboardView({ userType, firstName }: { userType: UserType; firstName: string }) {
  return (
    <Container size="xl" py="xl">
      <DashboardHeader userType={userType} />
      {seesPortfolio(userType) && (
        <>
          <Paper withBorder radius="md" p="lg" mt="xl" bg="var(--mantine-color-blue-light)">
            <Title order={2} size="h4">
              Welcome, {firstName}
            </Title>
            <Text mt={4}>
              Each property you add gets a permanent DNA code and its own vault for title deeds, certificates,
              policies and plans. Keep everything in one place and hand it on when the property changes hands.
            </Text>
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xl">
            <AddPropertyCard />
          </SimpleGrid>
        </>
      )}
    </Container>
  );
}

/** /app, /app/dashboard and /dashboard: suppliers are sent to their console (spec §1). */
export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (homePathOf(user.userType) === '/supplier') return <Navigate to="/supplier" replace />;
  return <DashboardView userType={user.userType} firstName={user.firstName} />;
}
