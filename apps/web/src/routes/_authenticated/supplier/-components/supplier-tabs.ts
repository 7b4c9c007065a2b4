import {
  DEFAULT_SUPPLIER_TAB,
  isSupplierTab,
  SUPPLIER_TABS,
  type SupplierTab,
  shownSupplierTab,
} from '../../../../components/app-shell/nav-items';
import { documentTitle } from '../../../../lib/page-head';

/** The console's sections are the app shell's supplier entries (the sidebar is the one navigation). */
export { DEFAULT_SUPPLIER_TAB, SUPPLIER_TABS, type SupplierTab, shownSupplierTab };

export interface SupplierSearch {
  /** The section shown; left out (or unknown) is Jobs. */
  tab?: SupplierTab | undefined;
}

/**
 * The console's search of /supplier and /supplier/dashboard: `tab` when it names a section, else undefined
 * (every key answered, so the root's raw search cannot leak an unknown value through).
 */
export function validateSupplierSearch(search: Record<string, unknown>): SupplierSearch {
  return { tab: isSupplierTab(search.tab) ? search.tab : undefined };
}

/** The name of the section shown for this `?tab=`: its sidebar entry's label ('Jobs', 'Profile', …). */
export const supplierTabLabel = (tab: SupplierTab | undefined) =>
  SUPPLIER_TABS.find((candidate) => candidate.key === shownSupplierTab(tab))?.label ?? 'Jobs';

/** The console routes' `head`: the document title names the section shown ('Jobs · PropertyDNA'). */
export function supplierConsoleHead({ match }: { match: { search: SupplierSearch } }) {
  return { meta: [{ title: documentTitle(supplierTabLabel(match.search.tab)) }] };
}
