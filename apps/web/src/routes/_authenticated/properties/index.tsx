import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { PropertiesPage } from '../-components/properties-page';

/** Also at /app/properties, the address the navigation uses. */
export const Route = createFileRoute('/_authenticated/properties/')({
  head: pageHead('Properties'),
  component: PropertiesPage,
});
