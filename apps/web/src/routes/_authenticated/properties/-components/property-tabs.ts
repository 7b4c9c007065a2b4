/**
 * The property detail's tabs and the `?tab=` its address may name. Kept apart from the page's
 * components: the route's `validateSearch` is not split from the app's entry, so whatever it imports
 * lands on every page's first load (the landing page's too).
 */

/** Spec §2: the property detail's tabs. */
export const PROPERTY_TABS = ['Vault', 'Policy Check', 'Actions', 'Vendors', 'Escalation'] as const;
export type PropertyTab = (typeof PROPERTY_TABS)[number];

/** A tab's value: Mantine builds the tab's and panel's ids from it, and an id holds no spaces. */
export const tabValue = (tab: PropertyTab) => tab.toLowerCase().replaceAll(' ', '-');

/** The tabs' values, as the property's address names one (?tab=actions: a next action opens there). */
export const PROPERTY_TAB_VALUES = PROPERTY_TABS.map(tabValue);

/** The tab an address asks for, when it names one. */
export function tabOfSearch(search: Record<string, unknown>): { tab?: string } {
  return typeof search.tab === 'string' && PROPERTY_TAB_VALUES.includes(search.tab)
    ? { tab: search.tab }
    : {};
}
