import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { SupplierConsole } from './-components/supplier-console';
import { validateSupplierSearch } from './-components/supplier-tabs';

function SupplierConsoleRoute() {
  const { tab } = Route.useSearch();
  return <SupplierConsole tab={tab} from="/supplier" />;
}

export const Route = createFileRoute('/_authenticated/supplier/')({
  head: pageHead('Supplier console'),
  validateSearch: validateSupplierSearch,
  component: SupplierConsoleRoute,
});
