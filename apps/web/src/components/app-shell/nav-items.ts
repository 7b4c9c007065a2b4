/** One entry of the app's navigation: where it leads and which addresses it stands for. */
export interface NavItem {
  label: string;
  /** The canonical address the entry leads to (a path, with a query for the supplier console's tabs). */
  href: string;
  /** Whether the page at this path (and `tab` query) belongs to this entry. */
  matches: (pathname: string, tab: string | undefined) => boolean;
}

/** Addresses that show the same page as `canonical` (spec §2 lists both). */
const under =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Owners (spec §2 sidebar): the /app/* addresses are canonical; /dashboard, /properties, /vault, …
 * (also in the route table) show the same pages, and a property's own pages belong to Properties.
 */
export const OWNER_NAV: readonly NavItem[] = [
  {
    label: 'Dashboard',
    href: '/app/dashboard',
    matches: (pathname) => ['/app', '/app/dashboard', '/dashboard'].includes(pathname),
  },
  { label: 'Properties', href: '/app/properties', matches: under('/app/properties', '/properties') },
  { label: 'Vault', href: '/app/vault', matches: under('/app/vault', '/vault') },
  { label: 'Policies', href: '/app/policies', matches: under('/app/policies', '/policies') },
  { label: 'Maintenance', href: '/app/maintenance', matches: under('/app/maintenance', '/maintenance') },
  { label: 'Vendors', href: '/app/vendors', matches: under('/app/vendors', '/vendors') },
  { label: 'Reports', href: '/app/reports', matches: under('/app/reports', '/reports') },
  // Issue 29 §3: properties other organisations gave this person read-only access to (empty until one does).
  { label: 'Shared with me', href: '/shared-with-me', matches: under('/shared-with-me') },
];

/**
 * The supplier console's sections (spec §2), in the sidebar's order, each addressed by its key in the URL
 * (`/supplier?tab=jobs`): the sidebar (a drawer on a phone) is the console's one navigation.
 */
export const SUPPLIER_TABS = [
  { key: 'jobs', label: 'Jobs' },
  { key: 'profile', label: 'Profile' },
  { key: 'insurance', label: 'Insurance' },
  { key: 'verification', label: 'Verification' },
  { key: 'templates', label: 'Templates' },
  { key: 'settings', label: 'Settings' },
] as const;

export type SupplierTab = (typeof SUPPLIER_TABS)[number]['key'];

/** The console opens on Jobs: a supplier's daily work. */
export const DEFAULT_SUPPLIER_TAB: SupplierTab = 'jobs';

export const isSupplierTab = (value: unknown): value is SupplierTab =>
  SUPPLIER_TABS.some((tab) => tab.key === value);

/** The section the console shows for a `?tab=` value: the one it names, else (left out or unknown) Jobs. */
export const shownSupplierTab = (value: unknown): SupplierTab =>
  isSupplierTab(value) ? value : DEFAULT_SUPPLIER_TAB;

/** The supplier console's addresses (/supplier, /supplier/dashboard); a job's own page belongs to Jobs. */
const SUPPLIER_CONSOLE = ['/supplier', '/supplier/dashboard'];

export const SUPPLIER_NAV: readonly NavItem[] = SUPPLIER_TABS.map(({ key, label }) => ({
  label,
  href: `/supplier?tab=${key}`,
  matches: (pathname, current) =>
    (SUPPLIER_CONSOLE.includes(pathname) && shownSupplierTab(current) === key) ||
    (key === 'jobs' && pathname.startsWith('/supplier/jobs/')),
}));

/** Where the user menu's 'Account settings' leads: owners' Account page, or the console's Settings tab. */
export const ACCOUNT_HREF = { owner: '/account', supplier: '/supplier?tab=settings' } as const;

/** The current path without a trailing slash ('/' stays '/'). */
export const normalisePath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');
