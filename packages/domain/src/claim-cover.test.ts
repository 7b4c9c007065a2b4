import { describe, expect, it } from 'vitest';
import {
  COVER_ADVICE,
  type CoverPolicy,
  claimCover,
  coverMayBeClaimed,
  coverWithoutPolicy,
  NO_POLICY_MESSAGE,
  POLICY_NOT_ENCLOSED,
  policiesForClaim,
} from './claim-cover.js';

const policy = (id: string, starts_on: string | null, expires_on: string | null): CoverPolicy => ({
  id,
  name: `Policy ${id}`,
  starts_on,
  expires_on,
});

describe('claimCover', () => {
  it('is in force when the incident falls from the start up to the day before the expiry', () => {
    const cover = claimCover('2026-06-01', [policy('a', '2025-07-01', '2026-07-01')]);
    expect(cover).toEqual({
      status: 'in_force',
      policy_document_id: 'a',
      policy_name: 'Policy a',
      in_force_on: '2026-06-01',
      in_force: true,
      expired_on: null,
      starts_on: null,
      message: 'Policy a was in force on Jun 01, 2026: it runs until Jul 01, 2026.',
    });
    expect(claimCover('2025-07-01', [policy('a', '2025-07-01', '2026-07-01')]).in_force).toBe(true);
    expect(coverMayBeClaimed(cover)).toBe(true);
  });

  it('has lapsed on and after the expiry date, and says when and what to do', () => {
    const cover = claimCover('2026-07-01', [
      policy('a', null, '2026-07-01'),
      policy('b', null, '2026-03-01'),
    ]);
    expect(cover).toMatchObject({
      status: 'lapsed',
      policy_document_id: 'a',
      in_force: false,
      expired_on: '2026-07-01',
      starts_on: null,
    });
    expect(cover.message).toBe(
      `Policy a expired on Jul 01, 2026, before the incident on Jul 01, 2026, and no policy in the vault covers that date. ${COVER_ADVICE}`,
    );
    expect(coverMayBeClaimed(cover)).toBe(false);
  });

  it('prefers a policy in force (the one ending last) over a lapsed or undated one', () => {
    const policies = [
      policy('old', '2024-01-01', '2025-01-01'),
      policy('undated', null, null),
      policy('short', null, '2026-02-01'),
      policy('long', '2025-01-01', '2027-01-01'),
    ];
    expect(claimCover('2026-01-15', policies)).toMatchObject({
      status: 'in_force',
      policy_document_id: 'long',
    });
  });

  it('cannot tell when the only started policy has no expiry date: in_force is null, never true', () => {
    const cover = claimCover('2026-01-15', [
      policy('old', null, '2025-01-01'),
      policy('undated', null, null),
    ]);
    expect(cover).toMatchObject({
      status: 'unknown',
      policy_document_id: 'undated',
      in_force: null,
      expired_on: null,
    });
    expect(cover.message).toContain('has no expiry date in the vault');
    expect(coverMayBeClaimed(cover)).toBe(true);
  });

  it('has not started when every policy starts after the incident: the earliest start is named', () => {
    const cover = claimCover('2026-01-15', [
      policy('b', '2026-03-01', '2027-03-01'),
      policy('a', '2026-02-01', null),
    ]);
    expect(cover).toMatchObject({
      status: 'not_started',
      policy_document_id: 'a',
      in_force: false,
      starts_on: '2026-02-01',
    });
    expect(cover.message).toBe(
      `Policy a starts on Feb 01, 2026, after the incident on Jan 15, 2026. ${COVER_ADVICE}`,
    );
  });

  it('says no policy is in the vault without claiming there is no cover', () => {
    expect(claimCover('2026-01-15', [])).toEqual({
      status: 'no_policy',
      policy_document_id: null,
      policy_name: null,
      in_force_on: '2026-01-15',
      in_force: null,
      expired_on: null,
      starts_on: null,
      message: NO_POLICY_MESSAGE,
    });
  });
});

describe('coverWithoutPolicy', () => {
  it('keeps the status and dates and names neither the policy nor its id, saying it is not enclosed', () => {
    const cover = claimCover('2026-06-01', [policy('a', '2025-07-01', '2026-07-01')]);
    const left = coverWithoutPolicy(cover);
    expect(left).toEqual({
      ...cover,
      policy_document_id: null,
      policy_name: null,
      message: `The policy was in force on Jun 01, 2026: it runs until Jul 01, 2026. ${POLICY_NOT_ENCLOSED}`,
    });
    expect(JSON.stringify(left)).not.toContain('Policy a');
    expect(coverMayBeClaimed(left)).toBe(coverMayBeClaimed(cover));
  });

  it('leaves a cover that names no policy as it is', () => {
    const none = claimCover('2026-01-15', []);
    expect(coverWithoutPolicy(none)).toBe(none);
  });
});

describe('policiesForClaim', () => {
  it('keeps the policies whose dates do not deny cover on the day, undated wording included', () => {
    const policies = [
      policy('lapsed', null, '2026-01-15'),
      policy('current', '2025-06-01', '2026-06-01'),
      policy('wording', null, null),
      policy('later', '2026-02-01', null),
    ];
    expect(policiesForClaim('2026-01-15', policies).map((p) => p.id)).toEqual(['current', 'wording']);
  });
});
