import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  createApiTokenSchema,
  MAX_TOKEN_DAYS,
} from './api-token.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('a new API token (issue 30 §1)', () => {
  it('names every scope on screen', () => {
    expect(Object.keys(API_TOKEN_SCOPE_LABELS)).toEqual([...API_TOKEN_SCOPES]);
  });

  it('takes a trimmed name, a scope and a lifetime of 1 to 730 whole days (or none: the default)', () => {
    expect(createApiTokenSchema.parse({ name: '  Nightly export ', scope: 'read' })).toEqual({
      name: 'Nightly export',
      scope: 'read',
    });
    expect(
      createApiTokenSchema.parse({ name: 'Sync', scope: 'read_write', expiresInDays: MAX_TOKEN_DAYS }),
    ).toEqual({
      name: 'Sync',
      scope: 'read_write',
      expiresInDays: 730,
    });
  });

  it('may be restricted to one property, named by its id', () => {
    const propertyId = '3F1C2A5E-8B7D-4C9A-9E1F-2D3C4B5A6F70';
    expect(createApiTokenSchema.parse({ name: 'Flat', scope: 'read', propertyId })).toEqual({
      name: 'Flat',
      scope: 'read',
      propertyId: propertyId.toLowerCase(),
    });
    expect(
      messages(createApiTokenSchema.safeParse({ name: 'x', scope: 'read', propertyId: 'flat' })),
    ).toEqual(['Property must be an id']);
  });

  it('refuses each bad field in its own words', () => {
    expect(messages(createApiTokenSchema.safeParse({ name: '   ', scope: 'read' }))).toEqual([
      'Name is required',
    ]);
    expect(messages(createApiTokenSchema.safeParse({ name: 'a\u0000b', scope: 'read' }))).toHaveLength(1);
    expect(messages(createApiTokenSchema.safeParse({ name: 'x'.repeat(101), scope: 'read' }))).toEqual([
      'Name must be at most 100 characters',
    ]);
    expect(messages(createApiTokenSchema.safeParse({ name: 'x', scope: 'admin' }))).toEqual([
      'Scope must be read or read_write',
    ]);
    for (const [days, message] of [
      [0, 'Expiry must be at least 1 day'],
      [731, 'Expiry must be at most 730 days (2 years)'],
      [1.5, 'Expiry must be a whole number of days'],
      ['30', 'Expiry must be a number of days'],
    ] as const) {
      expect(
        messages(createApiTokenSchema.safeParse({ name: 'x', scope: 'read', expiresInDays: days })),
      ).toEqual([message]);
    }
  });
});
