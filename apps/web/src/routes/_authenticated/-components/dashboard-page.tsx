import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { homePathOf, seesPortfolio, type UserType } from '@propertydna/domain';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import {
  NoMatches,
  PortfolioMore,
  PortfolioToolbar,
  SEARCHING_STYLE,
  showsControls,
} from '../../../components/portfolio/portfolio-controls';
import { type PortfolioPaging, usePortfolio } from '../../../components/portfolio/use-portfolio';
import { ReadOnlyPropertiesBanner } from '../../../components/premium-upgrade';
import { ButtonLink } from '../../../components/router-links';
import { type AuthUser, useAuth } from '../../../lib/auth';
import { RoleGuard } from '../../../lib/permissions';
import { planStateOf, useStartTrial } from '../../../lib/plan';
import { trpc } from '../../../lib/trpc';
import { demoProperty } from '../properties/-components/demo-property';
import { usePlanLimitGate } from '../properties/-components/upgrade-prompt';
import { DashboardHeader } from './dashboard-header';
import { DashboardMembers, showsMembersPanel } from './dashboard-members';
import { DashboardNextActions } from './next-actions';
import { PlanSummary } from './plan-summary';
import { type DashboardProperty, PropertyCard } from './property-card';
import { StatsStrip } from './stats-strip';
import { DashboardTransfers } from './transfers/dashboard-transfers';

const CARD_HEIGHT = 200;

/**
 * The dashed card that starts a new property (spec §2). With `onAddAtPlanLimit` (the plan is full) its
 * button offers the trial or the upgrade instead of opening the form. A role that may not add properties
 * (a viewer) finds the button disabled, with the reason.
 */
function AddPropertyCard({ onAddAtPlanLimit }: { onAddAtPlanLimit?: (() => void) | undefined }) {
  return (
    <Card
      padding="xl"
      radius="md"
      mih={CARD_HEIGHT}
      style={{ border: '2px dashed var(--mantine-color-default-border)', background: 'transparent' }}
    >
      <Stack align="center" justify="center" gap="xs" h="100%" ta="center">
        <Title order={2} size="h4">
          Add New Property
        </Title>
        <Text size="sm" c="dimmed">
          Register a property to give it a permanent DNA code and a document vault.
        </Text>
        <RoleGuard capability="properties.write">
          {onAddAtPlanLimit ? (
            <Button mt="sm" onClick={onAddAtPlanLimit} aria-haspopup="dialog">
              Get Started
            </Button>
          ) : (
            <ButtonLink to="/properties/new" mt="sm">
              Get Started
            </ButtonLink>
          )}
        </RoleGuard>
      </Stack>
    </Card>
  );
}

function LoadingPropertiesCard() {
  return (
    <Card withBorder padding="xl" radius="md" mih={CARD_HEIGHT}>
      <Group justify="center" align="center" h="100%" gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading properties...</Text>
      </Group>
    </Card>
  );
}

/** A placeholder card at the end of the list while the next page loads (for the eye only). */
function MoreCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" mih={CARD_HEIGHT} aria-hidden>
      <Stack gap="sm">
        <Skeleton h={22} w="70%" />
        <Skeleton h={14} w="90%" />
        <Skeleton h={14} w="60%" />
        <Skeleton h={12} w="40%" mt="lg" />
      </Stack>
    </Card>
  );
}

/** The placeholders at the end of the list while the next page loads: one row of the widest grid. */
const MORE_SKELETONS = 3;

/** The portfolio list as the dashboard has it: loading, the properties, or absent (failed). */
export interface PortfolioListState {
  /** undefined: the list is absent (not loaded, or its request failed). */
  properties: DashboardProperty[] | undefined;
  loading: boolean;
  /** What went wrong when the request failed. */
  error?: string | null;
  onRetry?: () => void;
  /** The search, the status filter and the next pages; without it the list is shown whole. */
  paging?: PortfolioPaging;
}

export interface DashboardViewProps {
  userType: UserType;
  firstName: string;
  portfolio: PortfolioListState;
  /** The plan and the statistics, between the banner and the cards. */
  summary?: ReactNode;
  /** Set while the plan is full: Get Started offers the trial/upgrade before any form. */
  onAddAtPlanLimit?: (() => void) | undefined;
}

/**
 * What the dashboard shows for an owner (spec §2): the header for their type, the intro banner, the
 * plan and figures, the search and status filter, the Add New Property card and one card per property,
 * a page at a time. While the list loads a 'Loading properties...' card shows; when the list is absent
 * the built-in demo property stands in; a search that matches nothing says so and offers to clear it.
 */
export function DashboardView({
  userType,
  firstName,
  portfolio,
  summary,
  onAddAtPlanLimit,
}: DashboardViewProps) {
  const { properties, loading, error, onRetry, paging } = portfolio;
  const grid = useRef<HTMLDivElement>(null);
  const cards = properties ?? (loading ? [] : [demoProperty()]);
  const listed = properties !== undefined && properties.length > 0;
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
          {summary && (
            <Stack gap="md" mt="lg">
              {summary}
            </Stack>
          )}
          {error && (
            <Alert color="red" variant="light" mt="lg" title="Your properties could not be loaded">
              <Group justify="space-between" gap="sm">
                <div>
                  <Text size="sm">{error}</Text>
                  <Text size="sm">The demo property is shown meanwhile.</Text>
                </div>
                {onRetry && (
                  <Button size="xs" variant="default" onClick={onRetry}>
                    Try again
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          {paging && showsControls(paging, properties) && (
            <Box mt="xl">
              <PortfolioToolbar paging={paging} />
            </Box>
          )}
          <SimpleGrid
            ref={grid}
            cols={{ base: 1, sm: 2, lg: 3 }}
            mt="xl"
            aria-busy={paging?.searching || undefined}
            style={paging?.searching ? SEARCHING_STYLE : undefined}
          >
            <AddPropertyCard onAddAtPlanLimit={onAddAtPlanLimit} />
            {loading && <LoadingPropertiesCard />}
            {cards.map((property) => (
              <PropertyCard key={property.id} property={property} />
            ))}
            {paging?.loadingMore &&
              Array.from({ length: MORE_SKELETONS }, (_, index) => (
                <MoreCardSkeleton key={`more-${index}`} />
              ))}
          </SimpleGrid>
          {paging?.filtered && properties?.length === 0 && <NoMatches onClear={paging.onClear} />}
          {paging && listed && !error && <PortfolioMore paging={paging} list={grid} />}
        </>
      )}
    </Container>
  );
}

/** The plan (with the trial offer), the portfolio's figures and, for a company, its members (issue 29 §5). */
function PortfolioSummary() {
  const { organization, user } = useAuth();
  const stats = trpc.properties.stats.useQuery();
  const startTrial = useStartTrial();
  return (
    <>
      <DashboardTransfers />
      {organization && (
        <PlanSummary
          state={planStateOf(organization, undefined, user?.role)}
          starting={startTrial.isPending}
          onStartTrial={() => startTrial.mutate()}
        />
      )}
      <DashboardNextActions />
      <StatsStrip stats={stats.data} loading={stats.isLoading} />
      {user && showsMembersPanel(user.userType) && <DashboardMembers />}
    </>
  );
}

function OwnerDashboard({ user }: { user: AuthUser }) {
  const portfolio = usePortfolio();
  const navigate = useNavigate();
  const gate = usePlanLimitGate(portfolio.propertyCount);
  return (
    <>
      {gate.modal}
      <DashboardView
        onAddAtPlanLimit={
          gate.reached ? gate.guard(() => void navigate({ to: '/properties/new' })) : undefined
        }
        userType={user.userType}
        firstName={user.firstName}
        portfolio={portfolio}
        summary={
          <>
            <ReadOnlyPropertiesBanner />
            <PortfolioSummary />
          </>
        }
      />
    </>
  );
}

/** /app, /app/dashboard and /dashboard: suppliers are sent to their console (spec §1). */
export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (homePathOf(user.userType) === '/supplier') return <Navigate to="/supplier" replace />;
  if (!seesPortfolio(user.userType)) {
    // The Coming Soon company dashboard has no portfolio to load.
    return (
      <DashboardView
        userType={user.userType}
        firstName={user.firstName}
        portfolio={{ properties: [], loading: false }}
      />
    );
  }
  return <OwnerDashboard user={user} />;
}
