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
];

/** The supplier console (/supplier, /supplier/dashboard) and its tabs, addressed by `?tab=`. */
const SUPPLIER_CONSOLE = ['/supplier', '/supplier/dashboard'];
/** The console opens on Jobs; a job's own page belongs to Jobs too. */
const DEFAULT_SUPPLIER_TAB = 'jobs';

const supplierTab = (label: string, tab: string): NavItem => ({
  label,
  href: `/supplier?tab=${tab}`,
  matches: (pathname, current) =>
    (SUPPLIER_CONSOLE.includes(pathname) && (current ?? DEFAULT_SUPPLIER_TAB) === tab) ||
    (tab === 'jobs' && pathname.startsWith('/supplier/jobs/')),
});

export const SUPPLIER_NAV: readonly NavItem[] = [
  supplierTab('Jobs', 'jobs'),
  supplierTab('Profile', 'profile'),
  supplierTab('Insurance', 'insurance'),
  supplierTab('Templates', 'templates'),
  supplierTab('Settings', 'settings'),
];

/** Where the user menu's 'Account settings' leads: owners' Account page, or the console's Settings tab. */
export const ACCOUNT_HREF = { owner: '/account', supplier: '/supplier?tab=settings' } as const;

/** The current path without a trailing slash ('/' stays '/'). */
export const normalisePath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');
