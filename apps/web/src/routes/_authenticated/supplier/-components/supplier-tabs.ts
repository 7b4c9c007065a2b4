/** The console's tabs (spec §2), in the spec's order, each with its key in the URL (`/supplier?tab=jobs`). */
export const SUPPLIER_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'insurance', label: 'Insurance' },
  { key: 'templates', label: 'Templates' },
  { key: 'jobs', label: 'Jobs' },
  { key: 'settings', label: 'Settings' },
] as const;

export type SupplierTab = (typeof SUPPLIER_TABS)[number]['key'];

/** The console opens on Jobs: a supplier's daily work. */
export const DEFAULT_SUPPLIER_TAB: SupplierTab = 'jobs';

export interface SupplierSearch {
  /** The open tab; left out (or unknown) is Jobs. */
  tab?: SupplierTab | undefined;
}

const isSupplierTab = (value: unknown): value is SupplierTab =>
  SUPPLIER_TABS.some((tab) => tab.key === value);

/**
 * The console's search of /supplier and /supplier/dashboard: `tab` when it names a tab, else undefined
 * (every key answered, so the root's raw search cannot leak an unknown value through).
 */
export function validateSupplierSearch(search: Record<string, unknown>): SupplierSearch {
  return { tab: isSupplierTab(search.tab) ? search.tab : undefined };
}
