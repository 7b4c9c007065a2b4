import {
  Badge,
  Blockquote,
  Box,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PLANS, PREMIUM_PRICE_ZAR, TRIAL_DAYS } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { AnchorLink, ButtonLink } from '../../components/router-links';

const FEATURES: { title: string; text: string }[] = [
  {
    title: 'A permanent DNA code',
    text: 'Every property gets a unique code that stays with it, from owner to owner.',
  },
  {
    title: 'Document vault',
    text: 'Title deeds, certificates, policies and plans, kept safe in one place.',
  },
  {
    title: 'Compliance checks',
    text: 'See whether your insurance policy’s conditions are backed by the documents you hold.',
  },
  {
    title: 'Maintenance reminders',
    text: 'Alerts before certificates expire and before routine maintenance is due.',
  },
  { title: 'Vendor directory', text: 'Keep the contractors who work on your property, and invite new ones.' },
  {
    title: 'Escalation help',
    text: 'Help with insurance claims and disputes when something goes wrong.',
  },
  { title: 'Reports', text: 'Export an insurance pack or a property summary whenever you need one.' },
];

const STATISTICS: { value: string; label: string }[] = [
  { value: '70%', label: 'of homeowners cannot find key property documents when they need them' },
  { value: 'R2.5M', label: 'in insurance claims supported with documents kept on PropertyDNA' },
  { value: '45%', label: 'faster insurance claims when the documents are ready' },
  { value: '89%', label: 'of users feel more confident about their property’s compliance' },
  { value: '2,000+', label: 'property owners keep their records on PropertyDNA' },
];

const TESTIMONIALS: { quote: string; name: string; role: string }[] = [
  {
    quote:
      'When our geyser burst, the plumber’s certificate and the insurance schedule were already in the vault. The claim went through without a fight.',
    name: 'Thandiwe Mokoena',
    role: 'Homeowner, Randburg',
  },
  {
    quote:
      'I own four rentals in Stellenbosch. The reminders tell me when the electrical compliance certificates are due, long before a tenant moves in.',
    name: 'Pieter van der Merwe',
    role: 'Property investor, Stellenbosch',
  },
  {
    quote:
      'We issue our roofing reports through PropertyDNA and share them with a link. Our clients like that the paperwork stays with the house.',
    name: 'Ayesha Naidoo',
    role: 'Roofing contractor, Durban',
  },
];

function LandingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} py={48}>
      <Title order={2} id={id} ta="center" mb="xl">
        {title}
      </Title>
      {children}
    </Box>
  );
}

function Check() {
  return (
    <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
      ✓
    </ThemeIcon>
  );
}

export function LandingHeader() {
  return (
    <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Group justify="space-between">
          <Logo />
          <Group component="nav" aria-label="Account" gap="md">
            <AnchorLink to="/login">Log in</AnchorLink>
            <ButtonLink to="/signup">Sign up</ButtonLink>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

export function Hero() {
  return (
    <Box py={64} ta="center">
      <Title order={1} maw={760} mx="auto">
        A permanent DNA code for every South African property
      </Title>
      <Text size="xl" c="dimmed" mt="lg" maw={680} mx="auto">
        PropertyDNA keeps your property’s documents, compliance and maintenance in one place, and the record
        stays with the property for as long as it stands.
      </Text>
      <Group justify="center" mt="xl">
        <ButtonLink to="/signup" size="lg">
          Get started free
        </ButtonLink>
        <ButtonLink
          to="/signup"
          search={{ type: 'homeowner', scenario: 'existing' }}
          size="lg"
          variant="default"
        >
          I already own a property
        </ButtonLink>
      </Group>
    </Box>
  );
}

export function Features() {
  return (
    <LandingSection id="features" title="What PropertyDNA does">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {FEATURES.map((feature) => (
          <Card key={feature.title} withBorder padding="lg">
            <Title order={3} size="h5">
              {feature.title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {feature.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

export function ForSuppliers() {
  return (
    <LandingSection id="suppliers" title="For suppliers and service providers">
      <Text ta="center" maw={680} mx="auto">
        Roofers, plumbers, electricians and other suppliers issue verified documents for the work they do and
        share them with the owner by link. The owner adds them to the property’s vault, where they stay.
      </Text>
    </LandingSection>
  );
}

export function GetStarted() {
  return (
    <LandingSection id="get-started" title="Sign up the way that fits you">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Card withBorder padding="lg">
          <Title order={3} size="h5">
            Homeowners
          </Title>
          <Text size="sm" c="dimmed" mt="xs" mb="md">
            Start the record of your home.
          </Text>
          <AnchorLink to="/signup" search={{ type: 'homeowner' }} mt="auto">
            Sign up as a homeowner
          </AnchorLink>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h5">
            Existing property
          </Title>
          <Text size="sm" c="dimmed" mt="xs" mb="md">
            Already own a property? Bring its documents together.
          </Text>
          <AnchorLink to="/signup" search={{ type: 'homeowner', scenario: 'existing' }} mt="auto">
            Register my existing property
          </AnchorLink>
        </Card>
        <Card withBorder padding="lg">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5">
              Developers
            </Title>
            <Badge variant="light" color="gray">
              Coming Soon
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt="xs" mb="md">
            Hand over a complete document pack with every new home.
          </Text>
          <AnchorLink to="/signup" search={{ type: 'developer' }} mt="auto">
            Developer sign-up
          </AnchorLink>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h5">
            Suppliers
          </Title>
          <Text size="sm" c="dimmed" mt="xs" mb="md">
            Issue verified documents and share them by link.
          </Text>
          <AnchorLink to="/signup" search={{ type: 'supplier' }} mt="auto">
            Sign up as a supplier
          </AnchorLink>
        </Card>
      </SimpleGrid>
    </LandingSection>
  );
}

export function Statistics() {
  return (
    <LandingSection id="statistics" title="Why property records matter">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="dl" m={0}>
        {STATISTICS.map((statistic) => (
          <Stack key={statistic.value} gap={4} ta="center">
            <Text component="dt" fz={36} fw={800} c="blue.7" lh={1.1}>
              {statistic.value}
            </Text>
            <Text component="dd" size="sm" c="dimmed" m={0}>
              {statistic.label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

export function Testimonials() {
  return (
    <LandingSection id="testimonials" title="What our users say">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {TESTIMONIALS.map((testimonial) => (
          <Box component="figure" key={testimonial.name} m={0}>
            <Blockquote color="blue" p="lg" cite={`${testimonial.name}, ${testimonial.role}`}>
              {testimonial.quote}
            </Blockquote>
          </Box>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

export function Plans() {
  return (
    <LandingSection id="plans" title="Plans">
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={760} mx="auto">
        <Card withBorder padding="xl">
          <Title order={3}>Free</Title>
          <Text fz={28} fw={800} mt="xs">
            R0
          </Text>
          <List spacing="xs" mt="md" icon={<Check />}>
            <List.Item>{PLANS.free.maxProperties} property</List.Item>
            <List.Item>Permanent DNA code</List.Item>
            <List.Item>Basic features, including the document vault</List.Item>
          </List>
          <ButtonLink to="/signup" search={{ type: 'homeowner' }} variant="default" mt="xl" fullWidth>
            Start free
          </ButtonLink>
        </Card>
        <Card withBorder padding="xl" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
          <Group justify="space-between">
            <Title order={3}>Premium</Title>
            <Badge>{TRIAL_DAYS}-day free trial</Badge>
          </Group>
          <Text fz={28} fw={800} mt="xs">
            From R{PREMIUM_PRICE_ZAR} per year
          </Text>
          <List spacing="xs" mt="md" icon={<Check />}>
            <List.Item>Multiple properties</List.Item>
            <List.Item>Maintenance alerts</List.Item>
            <List.Item>Everything in Free</List.Item>
          </List>
          <ButtonLink to="/signup" mt="xl" fullWidth>
            Start your {TRIAL_DAYS}-day free trial
          </ButtonLink>
        </Card>
      </SimpleGrid>
    </LandingSection>
  );
}

export function LandingFooter() {
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} PropertyDNA
          </Text>
          <Group component="nav" aria-label="Legal" gap="md">
            <AnchorLink to="/terms" size="sm">
              Terms of Service
            </AnchorLink>
            <AnchorLink to="/privacy" size="sm">
              Privacy notice
            </AnchorLink>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
