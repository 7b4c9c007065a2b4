import { describe, expect, it } from 'vitest';
import {
  canGrantAccess,
  createPropertyGrantInput,
  createPropertyGrantSchema,
  DEFAULT_GRANT_DAYS,
  GRANT_MESSAGES,
  GRANT_ROLE_LABELS,
  GRANT_ROLES,
  GRANT_SCOPE_LABELS,
  GRANT_SCOPES,
  grantDocumentParamsSchema,
  grantIdParamsSchema,
  grantTokenSchema,
  ISSUE_MESSAGES,
  MAX_GRANT_DAYS,
  MAX_ISSUE_DESCRIPTION,
  MAX_ISSUE_TITLE,
  propertyGrantParamsSchema,
  reportedByTenant,
  reportIssueInput,
  reportIssueSchema,
} from './property-grant.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('access to one property for someone outside (issue 29 §3)', () => {
  it('names every role and scope on screen', () => {
    expect(Object.keys(GRANT_ROLE_LABELS)).toEqual([...GRANT_ROLES]);
    expect(Object.keys(GRANT_SCOPE_LABELS)).toEqual([...GRANT_SCOPES]);
  });

  it('takes an address (lower-cased), a role, and by default documents and compliance for 90 days', () => {
    expect(
      dataOf(createPropertyGrantSchema, { email: ' Conveyancer@Example.CO.ZA ', role: 'conveyancer' }),
    ).toEqual({
      email: 'conveyancer@example.co.za',
      role: 'conveyancer',
      scope: 'documents_and_compliance',
      expiresInDays: DEFAULT_GRANT_DAYS,
    });
    expect(
      dataOf(createPropertyGrantInput, {
        propertyId: 'p',
        email: 'tenant@example.co.za',
        role: 'tenant',
        scope: 'documents_only',
        expiresInDays: MAX_GRANT_DAYS,
      }),
    ).toEqual({
      propertyId: 'p',
      email: 'tenant@example.co.za',
      role: 'tenant',
      scope: 'documents_only',
      expiresInDays: 365,
    });
  });

  it('refuses each bad field in its own words', () => {
    expect(
      errorsOf(createPropertyGrantSchema, { email: 'x', role: 'landlord', scope: 'all', expiresInDays: 0 }),
    ).toEqual({
      email: 'Enter a valid email address',
      role: 'Role must be conveyancer, insurance_broker, tenant or other',
      scope: 'Scope must be documents_and_compliance or documents_only',
      expiresInDays: 'Expiry must be at least 1 day',
    });
    expect(
      errorsOf(createPropertyGrantSchema, { email: 'a@b.co', role: 'other', expiresInDays: 366 }),
    ).toEqual({
      expiresInDays: 'Expiry must be at most 365 days (1 year)',
    });
    expect(
      errorsOf(createPropertyGrantSchema, { email: 'a@b.co', role: 'other', expiresInDays: 1.5 }),
    ).toEqual({
      expiresInDays: 'Expiry must be a whole number of days',
    });
    expect(
      errorsOf(createPropertyGrantSchema, { email: 'a@b.co', role: 'other', expiresInDays: '9' }),
    ).toEqual({
      expiresInDays: 'Expiry must be a number of days',
    });
  });

  it('reads ids and tokens without control characters', () => {
    expect(dataOf(propertyGrantParamsSchema, { id: 'a', grantId: 'b' })).toEqual({ id: 'a', grantId: 'b' });
    expect(dataOf(grantIdParamsSchema, { grantId: 'b' })).toEqual({ grantId: 'b' });
    expect(dataOf(grantDocumentParamsSchema, { grantId: 'b', documentId: 'c' })).toEqual({
      grantId: 'b',
      documentId: 'c',
    });
    expect(dataOf(grantTokenSchema, { token: 'AbC_dEf-123' })).toEqual({ token: 'AbC_dEf-123' });
    expect(errorsOf(grantTokenSchema, { token: '' })).toEqual({ token: 'Access not found' });
    expect(errorsOf(grantTokenSchema, { token: 'x'.repeat(201) })).toEqual({ token: 'Access not found' });
    expect(Object.keys(errorsOf(grantTokenSchema, { token: 'a\u0000b' }))).toEqual(['token']);
  });

  it('says who the access is for, and that it was accepted', () => {
    expect(GRANT_MESSAGES.otherEmail('c@example.co.za')).toBe(
      'This access is for another email address. Sign in as c@example.co.za to accept it.',
    );
    expect(GRANT_MESSAGES.accepted('Home')).toBe('You can now see Home under Shared with me');
  });

  it('allows one person at a time on Free, any number on Premium and during the trial', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(canGrantAccess('free', null, 0, now)).toEqual({ ok: true });
    expect(canGrantAccess('free', null, 1, now)).toEqual({ ok: false, reason: GRANT_MESSAGES.freeLimit });
    expect(GRANT_MESSAGES.freeLimit).toMatch(/Premium/);
    expect(canGrantAccess('premium', null, 50, now)).toEqual({ ok: true });
    expect(canGrantAccess('free', new Date('2026-12-01T00:00:00Z'), 5, now)).toEqual({ ok: true });
  });

  it("takes a tenant's report: a short title and a description, trimmed, each with a clear message when missing or too long", () => {
    expect(
      dataOf(reportIssueSchema, { title: ' Leaking tap ', description: ' The kitchen tap drips. ' }),
    ).toEqual({
      title: 'Leaking tap',
      description: 'The kitchen tap drips.',
    });
    const missing = { title: ISSUE_MESSAGES.titleRequired, description: ISSUE_MESSAGES.descriptionRequired };
    expect(errorsOf(reportIssueSchema, { title: ' ', description: '' })).toEqual(missing);
    expect(errorsOf(reportIssueSchema, {})).toEqual(missing);
    expect(
      errorsOf(reportIssueSchema, {
        title: 'x'.repeat(MAX_ISSUE_TITLE + 1),
        description: 'y'.repeat(MAX_ISSUE_DESCRIPTION + 1),
      }),
    ).toEqual({
      title: `Title must be at most ${MAX_ISSUE_TITLE} characters`,
      description: `Description must be at most ${MAX_ISSUE_DESCRIPTION} characters`,
    });
    expect(dataOf(reportIssueInput, { grantId: 'g1', title: 'Tap', description: 'Drips' })).toEqual({
      grantId: 'g1',
      title: 'Tap',
      description: 'Drips',
    });
    expect(reportedByTenant('Thandi Nkosi')).toBe('Reported by Thandi Nkosi (tenant)');
  });
});
