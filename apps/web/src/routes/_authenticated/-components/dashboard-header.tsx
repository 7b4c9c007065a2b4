import { Badge, Group, Text, Title } from '@mantine/core';
import { seesPortfolio, type UserType } from '@propertydna/domain';

/** Dashboard titles by user type (spec §2). */
export function dashboardHeadingOf(userType: UserType): { title: string; subtitle: string } {
  switch (userType) {
    case 'company_investor':
      return {
        title: 'Corporate Property Portfolio',
        subtitle: "Manage your company's property investments and documentation",
      };
    case 'property_manager':
      return {
        title: 'Managed Properties',
        subtitle: 'Oversee property portfolios and tenant relationships',
      };
    default:
      return { title: 'Your Properties', subtitle: 'Manage your property files and documentation' };
  }
}

/**
 * The dashboard's title and subtitle for the user's type. Company types without a portfolio (main
 * contractor, developer, insurance agent) get the Company Dashboard, marked Coming Soon (spec §1).
 */
export function DashboardHeader({ userType }: { userType: UserType }) {
  if (!seesPortfolio(userType)) {
    return (
      <header>
        <Group gap="sm" align="center">
          <Title order={1}>Company Dashboard</Title>
          <Badge variant="light" color="gray" size="lg">
            Coming Soon
          </Badge>
        </Group>
        <Text c="dimmed" mt={4}>
          Dashboards for contractors, developers and insurance agents are on their way.
        </Text>
      </header>
    );
  }
  const { title, subtitle } = dashboardHeadingOf(userType);
  return (
    <header>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
    </header>
  );
}
