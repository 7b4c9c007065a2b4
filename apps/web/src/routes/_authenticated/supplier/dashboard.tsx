import { createFileRoute } from '@tanstack/react-router';
import { SupplierConsole } from './-components/supplier-console';

export const Route = createFileRoute('/_authenticated/supplier/dashboard')({
  component: SupplierConsole,
});
