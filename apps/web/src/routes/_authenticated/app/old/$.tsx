import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '../../../../components/not-found-page';

/** The older layout's not-found fallback (spec §2). */
export const Route = createFileRoute('/_authenticated/app/old/$')({
  component: NotFoundContent,
});
