import { createFileRoute } from '@tanstack/react-router';
import { SupplierConsole } from './-components/supplier-console';
import { supplierConsoleHead, validateSupplierSearch } from './-components/supplier-tabs';

function SupplierConsoleRoute() {
  const { tab } = Route.useSearch();
  return <SupplierConsole tab={tab} />;
}

export const Route = createFileRoute('/_authenticated/supplier/')({
  // The title names the section the URL shows ('Jobs · PropertyDNA', 'Profile · PropertyDNA', …).
  head: supplierConsoleHead,
  validateSearch: validateSupplierSearch,
  component: SupplierConsoleRoute,
});
