import { describe, expect, it } from 'vitest';
import { adoptShareSchema, createShareSchema, SHARE_MESSAGES, shareUnlockSchema } from './share.js';
import { dataOf, errorsOf } from './test-helpers.js';

const propertyId = '3f1c2a5e-8b7d-4c9a-9e1f-2d3c4b5a6f70';

describe('SHARE_MESSAGES', () => {
  it('has the spec texts', () => {
    expect(SHARE_MESSAGES).toEqual({
      invalidPassword: { title: 'Invalid password', message: 'The password you entered is incorrect.' },
      accessGranted: 'Access granted',
      notFound: 'Share not found or expired.',
      linkCopied: 'Share link copied',
      generateFailed: { title: 'Error', message: 'Failed to generate share link.' },
      adopted: 'Documents adopted',
      nothingToAdopt: 'This link has no documents to adopt any more.',
      downloadFailed: { title: 'Download failed', message: 'Unable to download the document.' },
      downloadStarted: 'Download started',
      linkCopiedPlain: 'Link copied',
    });
  });
});

describe('shareUnlockSchema', () => {
  it('takes the password as typed', () => {
    expect(dataOf(shareUnlockSchema, { password: ' 1234 ' })).toEqual({ password: ' 1234 ' });
  });

  it.each([[{ password: '' }], [{}]])('requires a password: %j', (input) => {
    expect(errorsOf(shareUnlockSchema, input)).toEqual({ password: 'Password is required' });
  });

  it('caps the length', () => {
    expect(errorsOf(shareUnlockSchema, { password: 'p'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });
});

describe('createShareSchema', () => {
  it('defaults to no password and 30 days', () => {
    expect(dataOf(createShareSchema, {})).toEqual({ password: null, expiresInDays: 30 });
    expect(dataOf(createShareSchema, { password: null })).toEqual({ password: null, expiresInDays: 30 });
    expect(dataOf(createShareSchema, { password: '' })).toEqual({ password: null, expiresInDays: 30 });
  });

  it('takes a password of at least 4 characters and 1 to 365 days', () => {
    expect(dataOf(createShareSchema, { password: '1234', expiresInDays: 1 })).toEqual({
      password: '1234',
      expiresInDays: 1,
    });
    expect(dataOf(createShareSchema, { expiresInDays: 365 }).expiresInDays).toBe(365);
  });

  it.each([
    [{ password: '123' }, { password: 'Share password must be at least 4 characters' }],
    [{ password: 5 }, { password: 'Share password must be at least 4 characters' }],
    [{ password: 'p'.repeat(129) }, { password: 'Password must be at most 128 characters' }],
    [{ expiresInDays: 0 }, { expiresInDays: 'A share link must last at least 1 day' }],
    [{ expiresInDays: 366 }, { expiresInDays: 'A share link can last at most 365 days' }],
    [{ expiresInDays: 1.5 }, { expiresInDays: 'Expiry must be a whole number of days' }],
    [{ expiresInDays: '30' }, { expiresInDays: 'Expiry must be a whole number of days' }],
  ])('refuses %j', (input, errors) => {
    expect(errorsOf(createShareSchema, input)).toEqual(errors);
  });
});

describe('adoptShareSchema', () => {
  it('adopts into a new property, ignoring property_id', () => {
    expect(dataOf(adoptShareSchema, { property_id: 'new', create_property: true })).toEqual({
      create_property: true,
    });
    expect(dataOf(adoptShareSchema, { create_property: true })).toEqual({ create_property: true });
  });

  it('adopts into an existing property by id', () => {
    expect(
      dataOf(adoptShareSchema, { property_id: ` ${propertyId.toUpperCase()} `, create_property: false }),
    ).toEqual({
      create_property: false,
      property_id: propertyId,
    });
    expect(dataOf(adoptShareSchema, { property_id: propertyId })).toEqual({
      create_property: false,
      property_id: propertyId,
    });
  });

  it.each([
    [{ create_property: false }],
    [{ property_id: '', create_property: false }],
    [{ property_id: null, create_property: false }],
    [{ property_id: 'new', create_property: false }],
    [{}],
  ])('needs a property when not creating one: %j', (input) => {
    expect(errorsOf(adoptShareSchema, input)).toEqual({ property_id: 'Choose a property' });
  });

  it('refuses a non-boolean create_property and a non-string property_id', () => {
    expect(errorsOf(adoptShareSchema, { property_id: 7, create_property: 'yes' })).toEqual({
      property_id: 'Choose a property',
      create_property: 'create_property must be true or false',
    });
  });
});
