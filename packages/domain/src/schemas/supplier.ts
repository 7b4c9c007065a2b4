import { z } from 'zod';
import { isJobRef } from '../job-ref.js';
import {
  MAX_LENGTHS,
  noControlCharacters,
  optionalCompanyRegistrationSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
  optionalTradeRegistrationSchema,
  requiredIsoDate,
  requiredText,
  specialtiesSchema,
  uuidSchema,
} from './common.js';

/** Messages of the supplier console's schemas (spec §5 for the job; the others are ours). */
export const SUPPLIER_MESSAGES = {
  companyNameRequired: 'Company name is required',
  invalidWebsite: 'Enter a valid website address',
  propertyAddressRequired: 'Property address is required',
  clientNameRequired: 'Client name is required',
  descriptionRequired: 'Description is required',
  invalidJobRef: 'Invalid job reference',
  insurerRequired: 'Insurer is required',
  policyNumberRequired: 'Policy number is required',
  expiryRequired: 'Expiry date is required',
  invalidCertificate: 'Invalid certificate document',
  profileUpdated: 'Profile updated',
  jobCreated: 'Job created',
} as const;

/** A host name with at least one dot, an optional port, path, query or fragment; http(s) or no scheme. */
const WEBSITE_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * A website as people type it: 'www.roofco.co.za' or 'https://roofco.co.za/about'. A missing scheme
 * becomes https:// so the stored value is always a link; blank becomes undefined.
 */
export const websiteSchema = z
  .string({ error: SUPPLIER_MESSAGES.invalidWebsite })
  .trim()
  .check(noControlCharacters('Website'))
  .refine(
    (value) => value === '' || (value.length <= MAX_LENGTHS.website && WEBSITE_PATTERN.test(value)),
    SUPPLIER_MESSAGES.invalidWebsite,
  )
  .nullish()
  .transform((value) => {
    if (!value) return undefined;
    return /^https?:\/\//i.test(value) ? value : `https://${value}`;
  });

/**
 * The supplier console's Profile tab and GET/PUT /api/supplier/profile (spec §2, §3, §7): company_name
 * required; registration_number (CIPC, YYYY/NNNNNN/NN), trade_registration_number (the supplier's
 * registration with a trade body or register: electrical, PIRB, LP gas…), description, email, phone
 * (stored in E.164), website optional; specialties typed comma-separated (or sent as a list), stored as a
 * trimmed, de-duplicated list. A profile saved before these formats were checked may hold a number that
 * no longer passes: it stays readable, and the next save asks for a valid one.
 */
export const supplierProfileSchema = z.object({
  company_name: requiredText(SUPPLIER_MESSAGES.companyNameRequired, MAX_LENGTHS.name, 'Company name'),
  registration_number: optionalCompanyRegistrationSchema,
  trade_registration_number: optionalTradeRegistrationSchema,
  description: optionalText(MAX_LENGTHS.description, 'Description'),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
  website: websiteSchema,
  specialties: specialtiesSchema,
});
export type SupplierProfileInput = z.input<typeof supplierProfileSchema>;
export type SupplierProfile = z.output<typeof supplierProfileSchema>;

/**
 * A new job (spec §5, §7 POST /api/supplier/jobs): property address, client name and description
 * required; job_ref optional (the server makes one when absent), but when given it must be
 * JOB-{base36 timestamp}-{4 characters}.
 */
export const supplierJobSchema = z.object({
  property_address: requiredText(
    SUPPLIER_MESSAGES.propertyAddressRequired,
    MAX_LENGTHS.address,
    'Property address',
  ),
  client_name: requiredText(SUPPLIER_MESSAGES.clientNameRequired, MAX_LENGTHS.name, 'Client name'),
  description: requiredText(SUPPLIER_MESSAGES.descriptionRequired, MAX_LENGTHS.description, 'Description'),
  job_ref: z
    .string({ error: SUPPLIER_MESSAGES.invalidJobRef })
    .trim()
    .check(noControlCharacters('Job reference'))
    .refine((value) => value === '' || isJobRef(value), SUPPLIER_MESSAGES.invalidJobRef)
    .nullish()
    .transform((value) => value || undefined),
});
export type SupplierJobInput = z.input<typeof supplierJobSchema>;
export type SupplierJob = z.output<typeof supplierJobSchema>;

/**
 * The supplier console's Insurance tab: insurer, policy number and expiry date, all required; and the
 * certificate, an uploaded organisation document (left out: kept as it is; null: removed).
 */
export const supplierInsuranceSchema = z.object({
  insurer: requiredText(SUPPLIER_MESSAGES.insurerRequired, MAX_LENGTHS.name, 'Insurer'),
  policy_number: requiredText(SUPPLIER_MESSAGES.policyNumberRequired, MAX_LENGTHS.shortCode, 'Policy number'),
  expires_at: requiredIsoDate(SUPPLIER_MESSAGES.expiryRequired),
  certificate_document_id: uuidSchema(SUPPLIER_MESSAGES.invalidCertificate).nullable().optional(),
});
export type SupplierInsuranceInput = z.input<typeof supplierInsuranceSchema>;
export type SupplierInsurance = z.output<typeof supplierInsuranceSchema>;
