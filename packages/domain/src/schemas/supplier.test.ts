import { describe, expect, it } from 'vitest';
import { jobRef } from '../job-ref.js';
import {
  SUPPLIER_MESSAGES,
  supplierInsuranceSchema,
  supplierJobSchema,
  supplierProfileSchema,
  websiteSchema,
} from './supplier.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('supplierProfileSchema', () => {
  const profile = {
    company_name: ' RoofCo (Pty) Ltd ',
    registration_number: '2015/555555/07',
    description: 'Roofing and waterproofing in the Western Cape',
    email: ' Info@RoofCo.co.za ',
    phone: '021 555 1234',
    website: 'www.roofco.co.za',
    specialties: 'Roofing, Waterproofing, , roofing',
  };

  it('accepts the Profile tab, normalising email, website and specialties', () => {
    expect(dataOf(supplierProfileSchema, profile)).toEqual({
      company_name: 'RoofCo (Pty) Ltd',
      registration_number: '2015/555555/07',
      trade_registration_number: undefined,
      description: 'Roofing and waterproofing in the Western Cape',
      email: 'info@roofco.co.za',
      phone: '+27215551234',
      website: 'https://www.roofco.co.za',
      specialties: ['Roofing', 'Waterproofing'],
    });
  });

  it('needs only the company name', () => {
    expect(
      dataOf(supplierProfileSchema, {
        company_name: 'RoofCo',
        registration_number: '',
        description: '',
        email: '',
        phone: '',
        website: '',
        specialties: '',
      }),
    ).toEqual({
      company_name: 'RoofCo',
      registration_number: undefined,
      trade_registration_number: undefined,
      description: undefined,
      email: undefined,
      phone: undefined,
      website: undefined,
      specialties: [],
    });
    expect(
      dataOf(supplierProfileSchema, { company_name: 'RoofCo', specialties: ['Solar'] }).specialties,
    ).toEqual(['Solar']);
  });

  it('stores the numbers in their one form: compact, upper case, E.164', () => {
    expect(
      dataOf(supplierProfileSchema, {
        ...profile,
        registration_number: '2015 / 555555 / 07',
        trade_registration_number: ' er  12345 ',
        phone: '+27 (0)21 555 1234',
      }),
    ).toMatchObject({
      registration_number: '2015/555555/07',
      trade_registration_number: 'ER 12345',
      phone: '+27215551234',
    });
  });

  it('gives a message for each bad field', () => {
    expect(
      errorsOf(supplierProfileSchema, {
        company_name: ' ',
        registration_number: 'r'.repeat(51),
        trade_registration_number: 'no number',
        description: 'd'.repeat(2001),
        email: 'info@',
        phone: 'none',
        website: 'not a site',
        specialties: 42,
      }),
    ).toEqual({
      company_name: 'Company name is required',
      registration_number: 'Enter the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07',
      trade_registration_number:
        'Enter the trade registration number as it appears on your registration certificate (letters, digits, / and -)',
      description: 'Description must be at most 2000 characters',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
      website: 'Enter a valid website address',
      specialties: 'Enter service categories separated by commas',
    });
  });
});

describe('websiteSchema', () => {
  it.each([
    ['roofco.co.za', 'https://roofco.co.za'],
    ['http://roofco.co.za', 'http://roofco.co.za'],
    ['HTTPS://RoofCo.co.za/about?x=1#team', 'HTTPS://RoofCo.co.za/about?x=1#team'],
    ['www.roof-co.com:8080/', 'https://www.roof-co.com:8080/'],
  ])('accepts %s as %s', (value, expected) => {
    expect(dataOf(websiteSchema, ` ${value} `)).toBe(expected);
  });

  it.each([[''], [null], [undefined]])('makes %j undefined', (value) => {
    expect(dataOf(websiteSchema, value)).toBeUndefined();
  });

  it.each([
    ['no dot', 'roofco'],
    ['a space', 'roof co.com'],
    ['another scheme', 'ftp://roofco.co.za'],
    ['javascript', 'javascript:alert(1)'],
    ['a leading hyphen', '-roofco.com'],
    ['too long', `roofco.com/${'x'.repeat(300)}`],
  ])('refuses %s', (_label, value) => {
    expect(errorsOf(websiteSchema, value)).toEqual({ '': SUPPLIER_MESSAGES.invalidWebsite });
  });
});

describe('supplierJobSchema', () => {
  const job = {
    property_address: ' 12 Long Street, Cape Town ',
    client_name: 'Thandi Nkosi',
    description: 'Replace cracked tiles',
  };

  it('accepts a job without a reference', () => {
    expect(dataOf(supplierJobSchema, job)).toEqual({
      property_address: '12 Long Street, Cape Town',
      client_name: 'Thandi Nkosi',
      description: 'Replace cracked tiles',
      job_ref: undefined,
    });
    expect(dataOf(supplierJobSchema, { ...job, job_ref: '' }).job_ref).toBeUndefined();
    expect(dataOf(supplierJobSchema, { ...job, job_ref: null }).job_ref).toBeUndefined();
  });

  it('accepts a valid job reference', () => {
    const ref = jobRef(new Date('2026-01-01T00:00:00Z'), () => 0.5);
    expect(dataOf(supplierJobSchema, { ...job, job_ref: ` ${ref} ` }).job_ref).toBe(ref);
  });

  it.each([['JOB-1'], ['job-lx2k-abcd'], [42]])('refuses the job reference %j', (job_ref) => {
    expect(errorsOf(supplierJobSchema, { ...job, job_ref })).toEqual({ job_ref: 'Invalid job reference' });
  });

  it('gives the spec message of every required field', () => {
    expect(errorsOf(supplierJobSchema, { property_address: '', client_name: ' ' })).toEqual({
      property_address: 'Property address is required',
      client_name: 'Client name is required',
      description: 'Description is required',
    });
  });

  it('has the success toasts', () => {
    expect(SUPPLIER_MESSAGES.jobCreated).toBe('Job created');
    expect(SUPPLIER_MESSAGES.profileUpdated).toBe('Profile updated');
  });
});

describe('supplierInsuranceSchema', () => {
  it('accepts the Insurance tab', () => {
    expect(
      dataOf(supplierInsuranceSchema, {
        insurer: ' Santam ',
        policy_number: 'PL-123',
        expires_at: '2026-03-31',
      }),
    ).toEqual({ insurer: 'Santam', policy_number: 'PL-123', expires_at: '2026-03-31' });
  });

  it('needs every field', () => {
    expect(errorsOf(supplierInsuranceSchema, { insurer: '', policy_number: '', expires_at: '' })).toEqual({
      insurer: 'Insurer is required',
      policy_number: 'Policy number is required',
      expires_at: 'Expiry date is required',
    });
  });

  it('takes the certificate document: an id, null to remove it, or nothing to keep it', () => {
    const base = { insurer: 'Santam', policy_number: 'PL-1', expires_at: '2026-03-31' };
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(dataOf(supplierInsuranceSchema, { ...base, certificate_document_id: id.toUpperCase() })).toEqual({
      ...base,
      certificate_document_id: id,
    });
    expect(dataOf(supplierInsuranceSchema, { ...base, certificate_document_id: null })).toEqual({
      ...base,
      certificate_document_id: null,
    });
    expect(dataOf(supplierInsuranceSchema, base)).not.toHaveProperty('certificate_document_id');
    expect(errorsOf(supplierInsuranceSchema, { ...base, certificate_document_id: 'x' })).toEqual({
      certificate_document_id: 'Invalid certificate document',
    });
  });

  it('needs a real date', () => {
    expect(
      errorsOf(supplierInsuranceSchema, {
        insurer: 'Santam',
        policy_number: 'PL-1',
        expires_at: '2026-02-30',
      }),
    ).toEqual({ expires_at: 'Enter a valid date' });
  });
});
