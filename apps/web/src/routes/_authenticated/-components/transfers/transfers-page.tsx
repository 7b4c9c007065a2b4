import { Text } from '@mantine/core';
import { PageTitle } from '../section-page';
import { DashboardTransfers } from './dashboard-transfers';

export const TRANSFERS_PAGE = {
  title: 'Transfers',
  subtitle: 'Properties you transferred, and transfers offered to you',
  none: 'You have no transfers. A transfer is started from a property’s page.',
} as const;

/** /transfers, where the transfer mails' "Open your transfers" lands: the dashboard's list, on its own. */
export function TransfersPage() {
  return (
    <PageTitle {...TRANSFERS_PAGE}>
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        <DashboardTransfers empty={<Text>{TRANSFERS_PAGE.none}</Text>} />
      </div>
    </PageTitle>
  );
}
