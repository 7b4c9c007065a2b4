import { ROOFING_SERVICE_REPORT_V1, type Template } from '@propertydna/domain';
import { trpc } from '../../../../lib/trpc';

export type ConsoleTemplate = Template & { builtIn: boolean };

const FALLBACK: ConsoleTemplate[] = [{ ...ROOFING_SERVICE_REPORT_V1, builtIn: true }];

/** The supplier's templates, built-in first; the built-in template alone if the call fails (spec §7). */
export function useTemplates() {
  const query = trpc.supplier.templates.useQuery();
  const templates: ConsoleTemplate[] = query.isError ? FALLBACK : (query.data ?? []);
  const sorted = [...templates].sort((a, b) => Number(b.builtIn) - Number(a.builtIn));
  return { templates: sorted, isLoading: query.isLoading };
}
