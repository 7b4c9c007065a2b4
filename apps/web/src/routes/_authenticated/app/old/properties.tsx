import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/page-head';
import { PropertiesPage } from '../../-components/properties-page';

/** The older layout's Properties: the same list as /app/properties, beside the older sidebar. */
export const Route = createFileRoute('/_authenticated/app/old/properties')({
  head: pageHead('Properties (older layout)'),
  component: PropertiesPage,
});
