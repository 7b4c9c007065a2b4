import { describe, expect, it } from 'vitest';
import { actingPerson, actingPersonSchema, FORMER_MEMBER } from './acting-person.js';

describe('actingPerson', () => {
  it('names a member by their full name', () => {
    expect(actingPerson({ id: 'u1', first_name: ' Thandi ', last_name: 'Mokoena' })).toEqual({
      id: 'u1',
      name: 'Thandi Mokoena',
    });
    expect(actingPerson({ id: 'u1', first_name: 'Thandi', last_name: null })).toEqual({
      id: 'u1',
      name: 'Thandi',
    });
  });

  it('says "A former member" for someone no longer in the organisation, or without a name', () => {
    expect(actingPerson({ id: null, first_name: null, last_name: null })).toEqual({
      id: null,
      name: FORMER_MEMBER,
    });
    expect(actingPerson({ id: 'u1', first_name: ' ', last_name: '' }).name).toBe('A former member');
  });

  it('the answer schema takes both forms', () => {
    expect(actingPersonSchema.parse({ id: null, name: FORMER_MEMBER })).toEqual({
      id: null,
      name: FORMER_MEMBER,
    });
    expect(actingPersonSchema.safeParse({ id: 'u1' }).success).toBe(false);
  });
});
