import {
  COUNTRIES,
  type ComplianceStatus,
  type CountryCode,
  PROPERTY_TYPES,
  type PropertyType,
} from '@propertydna/domain';
import { type RouterOutputs, trpc } from './trpc';

/** A property as the API answers it (both the dashboard's and the Properties screen's fields, spec §3). */
export type Property = RouterOutputs['properties']['byId'];
export type DashboardStats = RouterOutputs['properties']['stats'];

/** How the screens name each property type (spec §3). */
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  industrial: 'Industrial',
  retail: 'Retail',
};

export const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES.map((value) => ({
  value,
  label: PROPERTY_TYPE_LABELS[value],
}));

export const COUNTRY_OPTIONS = COUNTRIES.map(({ code, name }) => ({ value: code, label: name }));

export function countryName(code: CountryCode): string {
  return COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

/** The compliance label shown beside its dot (spec §2). */
export const COMPLIANCE_LABELS: Record<ComplianceStatus, string> = {
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
};

/** The part of the tRPC utilities (the hook's or the router's) that refetches the portfolio's lists. */
export interface PropertyListUtils {
  properties: {
    list: { invalidate: () => Promise<void> };
    page: { invalidate: () => Promise<void> };
  };
}

/**
 * Refetches the portfolio as the screens list it: whole (the property pickers) and in pages (the
 * dashboard and the Properties screen, every search and filter of them).
 */
export function invalidatePropertyLists(utils: PropertyListUtils): Promise<unknown> {
  return Promise.all([utils.properties.list.invalidate(), utils.properties.page.invalidate()]);
}

/**
 * Refetches what a new or archived property changes: the portfolio's lists and the dashboard stats
 * (spec §4), and nothing else.
 */
export function usePortfolioInvalidation() {
  const utils = trpc.useUtils();
  return () => Promise.all([invalidatePropertyLists(utils), utils.properties.stats.invalidate()]);
}
