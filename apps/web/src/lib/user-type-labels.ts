import type { AccountGroup, UserType } from '@propertydna/domain';

/** How the signup wizard and the app name each user type, with a line on who it is for. */
export const USER_TYPE_LABELS: Record<UserType, { label: string; description: string }> = {
  homeowner: { label: 'Homeowner', description: 'I own the home I live in or a holiday home' },
  investor: { label: 'Property Investor', description: 'I own one or more properties as investments' },
  company_investor: {
    label: 'Company Investor',
    description: 'My company owns property as an investment portfolio',
  },
  property_manager: {
    label: 'Property Manager',
    description: 'We manage properties and tenants for owners',
  },
  main_contractor: { label: 'Main Contractor', description: 'We build and renovate properties' },
  developer: { label: 'Developer', description: 'We develop new properties and hand over document packs' },
  insurance_agent: { label: 'Insurance Agent', description: 'I advise owners on property insurance' },
  supplier: {
    label: 'Supplier / Service Provider',
    description: 'We do work on properties and issue verified documents (roofing, plumbing, electrical…)',
  },
};

export const ACCOUNT_GROUP_LABELS: Record<AccountGroup, { label: string; description: string }> = {
  individual: { label: 'Individual', description: 'For homeowners and private property investors' },
  company: {
    label: 'Company',
    description: 'For companies that own or manage property, and for suppliers and service providers',
  },
};
