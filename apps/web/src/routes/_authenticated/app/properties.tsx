import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-head';
import { PropertiesPage } from '../-components/properties-page';

/** The navigation's address of the Properties screen (spec §2 sidebar); /properties shows the same page. */
export const Route = createFileRoute('/_authenticated/app/properties')({
  head: pageHead('Properties'),
  component: PropertiesPage,
});
