import { z } from 'zod';
import { johannesburgToday } from '../due-band.js';
import { INCIDENT_TYPES } from '../incidents.js';
import {
  COMMON_MESSAGES,
  DATE_FIELD_DOC,
  dateOfDateTime,
  dateOutOfRangeMessage,
  idSchema,
  isoDateProblem,
  noControlCharacters,
  optionalText,
  problemCheck,
  requiredPhone,
  requiredText,
  tooLongMessage,
} from './common.js';

/** The Escalation tab (issue 16): Start Claim, Find Provider and Schedule Call. The wording is ours. */

/** Where a claim stands: started here, sent to the insurer, settled or withdrawn. */
export const CLAIM_STATUSES = ['open', 'submitted', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Where a callback request stands with the support team. */
export const CALLBACK_STATUSES = ['requested', 'scheduled', 'done'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/**
 * When the owner would like to be called, as a slot of the support team's day (South African time).
 * A fixed list, not free text: the team plans its calls by slot, the form offers three clear choices
 * instead of a box that invites 'whenever', and the stored value is always one the team can act on.
 * What the owner wants to say about it fits in the topic.
 */
export const CALLBACK_TIMES = ['morning', 'afternoon', 'evening'] as const;
export type CallbackTime = (typeof CALLBACK_TIMES)[number];

export const CALLBACK_TIME_LABELS = {
  morning: 'Morning (08:00–12:00)',
  afternoon: 'Afternoon (12:00–17:00)',
  evening: 'Evening (17:00–19:00)',
} as const satisfies Record<CallbackTime, string>;

/** The longest claim description, and the most photos one claim takes at a time. */
export const MAX_CLAIM_DESCRIPTION = 4000;
export const MAX_CLAIM_DOCUMENTS = 20;
/** The longest topic of a callback request. */
export const MAX_CALLBACK_TOPIC = 500;
/** The longest provider search term. */
export const MAX_PROVIDER_SEARCH = 100;

export const ESCALATION_MESSAGES = {
  incidentTypeRequired: 'Choose the type of incident',
  incidentDateRequired: 'Date of the incident is required',
  incidentDateInFuture: 'The date of the incident cannot be in the future',
  descriptionRequired: 'Describe what happened',
  documentsInvalid: 'Photos must be a list of documents from the vault',
  tooManyDocuments: `Attach at most ${MAX_CLAIM_DOCUMENTS} photos or documents to a claim`,
  phoneRequired: 'Phone number is required',
  preferredTimeRequired: 'Choose when we should call: morning, afternoon or evening',
  topicRequired: 'Tell us what the call is about',
} as const;

/**
 * What is wrong with the date of an incident: not a real date ('Enter a valid date'), after today in
 * South Africa (its own rule, which covers the years after 2200 too), or before 1900; null when it is
 * fine.
 */
function incidentDateProblem(value: string): string | null {
  const problem = isoDateProblem(value);
  if (problem === 'invalid') return COMMON_MESSAGES.invalidDate;
  if (value > johannesburgToday(new Date())) return ESCALATION_MESSAGES.incidentDateInFuture;
  return problem === null ? null : dateOutOfRangeMessage();
}

/**
 * Start Claim (POST /api/properties/{id}/claims): the incident's type and date ('YYYY-MM-DD', today or
 * earlier in South Africa), what happened, and the photos already uploaded into the property's vault
 * (their document ids; repeats dropped). Whose the documents are is the server's question.
 */
export const claimInputSchema = z.object({
  incident_type: z.enum(INCIDENT_TYPES, { error: ESCALATION_MESSAGES.incidentTypeRequired }),
  incident_date: z
    .string({ error: ESCALATION_MESSAGES.incidentDateRequired })
    .trim()
    .overwrite(dateOfDateTime)
    .min(1, ESCALATION_MESSAGES.incidentDateRequired)
    .check(problemCheck<string>((value) => (value === '' ? null : incidentDateProblem(value))))
    .meta(DATE_FIELD_DOC),
  description: requiredText(ESCALATION_MESSAGES.descriptionRequired, MAX_CLAIM_DESCRIPTION, 'Description'),
  document_ids: z
    .array(idSchema, { error: ESCALATION_MESSAGES.documentsInvalid })
    .nullish()
    .transform((ids) => [...new Set((ids ?? []).map((id) => id.trim().toLowerCase()))])
    // Counted once a list was given (a check beside the type check would also count a string's letters).
    .pipe(z.array(z.string()).max(MAX_CLAIM_DOCUMENTS, ESCALATION_MESSAGES.tooManyDocuments)),
});
export type ClaimInput = z.input<typeof claimInputSchema>;
export type Claim = z.output<typeof claimInputSchema>;

/** Schedule Call (POST /api/properties/{id}/callbacks): a number to call, a slot, and what about. */
export const callbackInputSchema = z.object({
  phone: requiredPhone(ESCALATION_MESSAGES.phoneRequired),
  preferred_time: z.enum(CALLBACK_TIMES, { error: ESCALATION_MESSAGES.preferredTimeRequired }),
  topic: requiredText(ESCALATION_MESSAGES.topicRequired, MAX_CALLBACK_TOPIC, 'Topic'),
});
export type CallbackInput = z.input<typeof callbackInputSchema>;
export type Callback = z.output<typeof callbackInputSchema>;

/**
 * Find Provider (GET /api/providers): every filter optional. specialty matches any of a supplier's
 * service categories, municipality its area (an MDB code such as CPT finds 'Cape Town'), q its name,
 * specialties, area or description; all case-insensitive, all parts of the text.
 */
export const providerSearchSchema = z.object({
  specialty: optionalText(MAX_PROVIDER_SEARCH, 'Specialty'),
  municipality: optionalText(MAX_PROVIDER_SEARCH, 'Municipality'),
  q: optionalText(MAX_PROVIDER_SEARCH, 'Search'),
});
export type ProviderSearchInput = z.input<typeof providerSearchSchema>;
export type ProviderSearch = z.output<typeof providerSearchSchema>;

/**
 * Find Provider for one property (GET /api/properties/{id}/providers): specialty and q as in
 * providerSearchSchema; municipality is the area searched first: absent, the property's own municipality;
 * empty, anywhere; else a municipality's code or name, a province or a town. When the area has no
 * supplier of the specialty, the area's province is searched instead (providerArea).
 */
export const propertyProviderSearchSchema = providerSearchSchema.extend({
  municipality: z
    .string({ error: 'Municipality must be text' })
    .trim()
    .check(noControlCharacters('Municipality'))
    .max(MAX_PROVIDER_SEARCH, tooLongMessage('Municipality', MAX_PROVIDER_SEARCH))
    .optional(),
});
export type PropertyProviderSearchInput = z.input<typeof propertyProviderSearchSchema>;
export type PropertyProviderSearch = z.output<typeof propertyProviderSearchSchema>;
