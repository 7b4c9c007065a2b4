import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLICY_CORPUS, POLICY_HELD_OUT, readPolicyCorpus } from './corpus-test-helpers.js';
import { extractPolicyIdentity, POLICY_INSURERS } from './identity.js';

const numberIn = (...lines: string[]) => extractPolicyIdentity(lines.join('\n')).policy_number;
const insurerIn = (...lines: string[]) => extractPolicyIdentity(lines.join('\n')).insurer;

describe('extractPolicyIdentity: the policy number', () => {
  it('reads the labelled forms of South African schedules', () => {
    expect(numberIn('HOMEOWNERS POLICY SCHEDULE', 'Policy number: HP 1234567', 'Insured: Mr T. Nkosi')).toBe(
      'HP 1234567',
    );
    expect(numberIn('Policy No. 12-345678-9    Period of cover: 01/03/2026 to 28/02/2027')).toBe(
      '12-345678-9',
    );
    expect(numberIn('Policy Number 0012345678')).toBe('0012345678');
    expect(numberIn('Dear Mrs Botha', 'Your policy number is HOC/2026/00417. Keep it safe.')).toBe(
      'HOC/2026/00417',
    );
    expect(numberIn('POLICY NO: PL 22 718 904')).toBe('PL 22 718 904');
    expect(numberIn('Policy #: 778812-001')).toBe('778812-001');
    expect(numberIn('Polisnommer: 4471 2290 11')).toBe('4471 2290 11');
    expect(numberIn('Policy number – HP 778812')).toBe('HP 778812');
    expect(numberIn('Policy\u00a0number:\u00a0HP\u00a0778812')).toBe('HP 778812');
  });

  it('reads a number under its label, on the next line', () => {
    expect(numberIn('Policy number:', 'BGI-HO-000000', 'Period of insurance: 1 March 2025')).toBe(
      'BGI-HO-000000',
    );
  });

  it('stops before the next field on the same line', () => {
    expect(numberIn('Policy number: HP 778812 Underwritten by Santam Ltd')).toBe('HP 778812');
    expect(numberIn('POLICY NUMBER: 0012345678 DATE OF ISSUE: 01/02/2026')).toBe('0012345678');
    expect(numberIn('Policy number: HP 778812  Sum insured: R2 400 000')).toBe('HP 778812');
  });

  it('takes no date next to the word policy', () => {
    expect(numberIn('Policy No.: 01/03/2026')).toBeNull();
    expect(numberIn('Policy number: 2026-03-01')).toBeNull();
    expect(numberIn('Policy number: 01/03/2026 - 28/02/2027')).toBeNull();
    expect(numberIn('Policy number: 12 03 2026')).toBeNull();
    expect(numberIn('POLICY NO 01 MARCH 2026')).toBeNull();
    expect(numberIn('Policy start date: 01/03/2026', 'Policy inception 2026/03/01')).toBeNull();
    // A date first, the number after it: the number.
    expect(numberIn('Policy No.: 01/03/2026', 'Policy number: HP 1234567')).toBe('HP 1234567');
  });

  it('takes no phone number', () => {
    expect(numberIn('Policy number: 021 123 4567')).toBeNull();
    expect(numberIn('Policy number enquiries', '0860 123 456')).toBeNull();
    expect(numberIn('Policy number: 27 11 123 4567')).toBeNull();
    expect(numberIn('Policy number: +27 11 123 4567')).toBeNull();
    expect(numberIn('Please quote your policy number when you call 0860 123 456.')).toBeNull();
  });

  it('takes nothing that is not a number of 5 to 30 characters', () => {
    expect(numberIn('Policy number: TO BE ADVISED')).toBeNull();
    expect(numberIn('Policy No. 1234')).toBeNull();
    expect(numberIn('Policy number: 1234 5678 9012 3456 7890 1234 5678')).toBeNull();
    expect(numberIn('Policy no longer valid after 12345 days')).toBeNull();
    expect(numberIn('Policy number: hp1234567')).toBeNull();
    expect(numberIn('Policy number', '', 'HP 1234567')).toBeNull();
    expect(numberIn('This policy is a contract. No. 12345 is the clause.')).toBeNull();
    expect(numberIn('We will not pay for wear and tear.')).toBeNull();
    expect(numberIn('')).toBeNull();
  });

  it('answers a trimmed number of 5 to 30 characters of capitals, digits, spaces, dashes and slashes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const found = numberIn(`${before}Policy number: ${after}`);
        if (found === null) return;
        expect(found).toMatch(/^[A-Z0-9][A-Z0-9 /-]{3,28}[A-Z0-9]$/);
        expect(found).toMatch(/\d/);
      }),
    );
  });
});

describe('extractPolicyIdentity: the insurer', () => {
  it('finds nothing in a text naming no known insurer', () => {
    expect(extractPolicyIdentity('Bushveld Rural Underwriters: we will not pay for wear and tear.')).toEqual({
      policy_number: null,
      insurer: null,
    });
    expect(insurerIn('Underwritten by a company we made up.')).toBeNull();
  });

  it('matches the names as whole words in any case', () => {
    expect(insurerIn('SANTAM LIMITED IS AN AUTHORISED FINANCIAL SERVICES PROVIDER')).toBe('Santam');
    expect(insurerIn('Thank you for choosing OUTsurance.')).toBe('OUTsurance');
    expect(insurerIn("King\nPrice's Homeowners Cover")).toBe('King Price');
    expect(insurerIn('Santamaria Holdings (Pty) Ltd, Hollardale Trust')).toBeNull();
    expect(insurerIn('Old Mutual Life Assurance')).toBeNull();
  });

  it('reports a former name as the insurer today', () => {
    expect(insurerIn('Mutual & Federal Insurance Company Limited')).toBe('Old Mutual Insure');
    expect(insurerIn('Mutual and Federal')).toBe('Old Mutual Insure');
    expect(insurerIn('First for Women Insurance')).toBe('1st for Women');
    expect(insurerIn('Auto and General Insurance Company')).toBe('Auto & General');
  });

  it('knows every insurer on its list by its own name', () => {
    for (const name of POLICY_INSURERS) expect(insurerIn(`Insurer: ${name} Limited`)).toBe(name);
  });

  it('prefers the insurer a labelled line names', () => {
    const schedule = [
      'MiWay Insurance Ltd - your home, your cover',
      'MiWay Home Contents and Buildings Schedule',
      'MiWay is an authorised financial services provider.',
      'Policy number: MW 4410 2291',
      'Underwritten by Santam Ltd',
    ];
    expect(extractPolicyIdentity(schedule.join('\n'))).toEqual({
      policy_number: 'MW 4410 2291',
      insurer: 'Santam',
    });
    expect(insurerIn('Hollard Hollard Hollard', 'Insurer: Guardrisk Insurance Company Ltd')).toBe(
      'Guardrisk',
    );
    expect(insurerIn('Sanlam, Sanlam', 'The insurer is Santam.')).toBe('Santam');
    expect(insurerIn('Lombard Lombard', 'Underwriters - Renasa Insurance Company Ltd')).toBe('Renasa');
    expect(insurerIn('Santam Santam', 'Versekeraar: Virseker')).toBe('Virseker');
    expect(insurerIn('Insurer name: Bryte Insurance Company Limited')).toBe('Bryte');
  });

  it('reads the line under a label that ends its line', () => {
    expect(insurerIn('Budget Insurance Budget Insurance', 'Insurer:', 'Western National Insurance')).toBe(
      'Western National',
    );
    expect(insurerIn('Santam Santam', 'Insurer:', 'Hollard Insurance Company Ltd', 'Santam')).toBe('Hollard');
    expect(insurerIn('Dial Direct', 'Insurer:')).toBe('Dial Direct');
    expect(insurerIn('Dial Direct', 'Underwritten by')).toBe('Dial Direct');
  });

  it('passes over a label that names no known insurer', () => {
    expect(
      insurerIn('Underwritten by Kestrel Underwriting Managers', 'Discovery Insure Ltd', 'Discovery Insure'),
    ).toBe('Discovery Insure');
    expect(insurerIn('Insurer: see the schedule', 'Insurer: Infiniti Insurance Ltd')).toBe('Infiniti');
  });

  it('without a label: the most frequent name, the first named on a tie', () => {
    expect(insurerIn('Telesure Investment Holdings', 'Budget Insurance', 'budget insurance')).toBe(
      'Budget Insurance',
    );
    expect(insurerIn('Sanlam group member Santam')).toBe('Sanlam');
    expect(insurerIn('Momentum Insure', 'FNB Insurance', 'Absa Insurance')).toBe('Momentum Insure');
    expect(insurerIn('Standard Insurance Limited, trading as Standard Bank Insurance')).toBe(
      'Standard Bank Insurance',
    );
  });
});

describe('extractPolicyIdentity over the corpus', () => {
  it('finds the one labelled number and no insurer in the invented wordings', () => {
    const found = Object.fromEntries(
      [...readPolicyCorpus(POLICY_CORPUS), ...readPolicyCorpus(POLICY_HELD_OUT)].map((wording) => [
        wording.name,
        extractPolicyIdentity(wording.pages.join('\n')),
      ]),
    );
    expect(Object.keys(found).length).toBeGreaterThanOrEqual(14);
    for (const [name, identity] of Object.entries(found)) {
      expect(identity, name).toEqual({
        policy_number: name === 'baobab-schedule' ? 'BGI-HO-000000' : null,
        insurer: null,
      });
    }
  });
});
