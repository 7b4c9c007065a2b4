import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sha256HexSchema } from '../hash.js';
import { jobRef } from '../job-ref.js';
import {
  ROOFING_SERVICE_REPORT_V1,
  templateFieldSchema,
  templateSchema,
  templateVersionSchema,
  validateTemplateAnswers,
} from '../templates.js';
import {
  capabilityTokenSchema,
  changePasswordSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  SIGNUP_MESSAGES,
  signupFormSchema,
  signupRequestSchema,
} from './auth.js';
import {
  containsControlCharacters,
  controlCharactersMessage,
  emailSchema,
  fileInfoSchema,
  hasControlCharacters,
  hasLoneSurrogates,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  jsonCharactersProblem,
  jsonObjectSchema,
  malformedUnicodeMessage,
  noControlCharacters,
  noControlCharactersInJson,
  optionalEmailSchema,
  optionalIsoDateSchema,
  optionalPhoneSchema,
  optionalText,
  requiredIsoDate,
  requiredText,
  SPECIALTY_MESSAGES,
  specialtiesSchema,
  textCharactersProblem,
  uuidSchema,
} from './common.js';
import {
  contentTypeSchema,
  inviteDocumentSchema,
  registerDocumentSchema,
  signUploadSchema,
  updateDocumentSchema,
} from './document.js';
import { claimInputSchema } from './escalation.js';
import {
  completeMaintenanceTaskSchema,
  maintenanceTaskSchema,
  updateMaintenanceTaskSchema,
} from './maintenance.js';
import {
  addPropertyFormSchema,
  countryCodeSchema,
  propertyDialogSchema,
  updatePropertySchema,
} from './property.js';
import { reminderSchema } from './reminder.js';
import { adoptShareSchema, createShareSchema, shareUnlockSchema } from './share.js';
import { supplierInsuranceSchema, supplierJobSchema, supplierProfileSchema } from './supplier.js';
import { anyCodePointString, dataOf, errorsOf } from './test-helpers.js';
import { vendorInviteSchema } from './vendor.js';

/** Every code point refused by the rule: C0 but tab, line feed and carriage return; DEL; C1. */
const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
].map((code) => String.fromCharCode(code));

/** `value` with `character` put after its first character (so only the control character is wrong). */
const insert = (value: string, character = '\u0000') => `${value.slice(0, 1)}${character}${value.slice(1)}`;

describe('hasControlCharacters', () => {
  it('refuses exactly U+0000–U+0008, U+000B, U+000C, U+000E–U+001F and U+007F–U+009F', () => {
    expect(REFUSED).toHaveLength(29 + 33);
    for (const character of REFUSED) expect(hasControlCharacters(`a${character}b`), character).toBe(true);
    for (let code = 0; code < 0x400; code++) {
      const character = String.fromCharCode(code);
      expect(hasControlCharacters(character), code.toString(16)).toBe(REFUSED.includes(character));
    }
  });

  it('accepts tab, line feed, carriage return and ordinary text', () => {
    for (const text of [
      'a\tb',
      'line\nline',
      'crlf\r\n',
      'Ngũgĩ wa Thiong’o',
      'ÿ\u00a0é',
      '😀',
      '\u200b\u202e',
      '',
    ]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('finds a refused character anywhere in any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...REFUSED), fc.string(), (before, character, after) => {
        expect(hasControlCharacters(`${before}${character}${after}`)).toBe(true);
      }),
    );
  });

  it('names the field in its message', () => {
    expect(controlCharactersMessage('Property name')).toBe(
      'Property name must not contain control characters',
    );
  });
});

/** Well-formed Unicode, by the platform: encodeURIComponent throws URIError on a lone surrogate. */
function isWellFormed(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

describe('hasLoneSurrogates', () => {
  it('agrees with the platform on any string of code units', () => {
    fc.assert(
      fc.property(anyCodePointString({ maxLength: 20 }), (text) => {
        expect(hasLoneSurrogates(text)).toBe(!isWellFormed(text));
      }),
    );
  });

  it('finds a lone surrogate anywhere, and takes a pair as the one character it is', () => {
    for (const surrogate of LONE_SURROGATES) {
      expect(hasLoneSurrogates(`a${surrogate}b`)).toBe(true);
      expect(hasLoneSurrogates(surrogate)).toBe(true);
    }
    expect(hasLoneSurrogates('😀 \ud83d\ude00 𝄞')).toBe(false);
    expect(hasLoneSurrogates('\ude00\ud83d')).toBe(true);
    expect(hasLoneSurrogates('😀'.slice(0, 1))).toBe(true);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.constantFrom(...LONE_SURROGATES),
        fc.string({ unit: 'grapheme' }),
        (before, surrogate, after) => {
          // A high half before a low one would be a pair: keep the halves apart.
          expect(hasLoneSurrogates(`${before}${surrogate}_${after}`)).toBe(
            !isWellFormed(`${before}${surrogate}_${after}`),
          );
          expect(hasLoneSurrogates(`${before}_${surrogate}_${after}`)).toBe(true);
        },
      ),
    );
  });

  it('gives each rule its message: control characters first, then well-formed Unicode', () => {
    expect(textCharactersProblem('fine 😀\t', 'Notes')).toBeNull();
    expect(textCharactersProblem('a\u0000', 'Notes')).toBe('Notes must not contain control characters');
    expect(textCharactersProblem('a\ud800', 'Notes')).toBe('Notes must be well-formed Unicode text');
    expect(malformedUnicodeMessage('Insurer')).toBe('Insurer must be well-formed Unicode text');
  });
});

describe('noControlCharacters', () => {
  const name = z.string().trim().check(noControlCharacters('Name')).min(1, 'Name is required').max(5, 'long');

  it('gives one message, even when the value is also too long', () => {
    expect(errorsOf(name, 'a\u0000')).toEqual({ '': 'Name must not contain control characters' });
    expect(errorsOf(name, 'abcdefgh\u0007')).toEqual({ '': 'Name must not contain control characters' });
    expect(errorsOf(name, ' \u0000 ')).toEqual({ '': 'Name must not contain control characters' });
    expect(errorsOf(name, '   ')).toEqual({ '': 'Name is required' });
    expect(errorsOf(name, 'abcdefgh\ud800')).toEqual({ '': 'Name must be well-formed Unicode text' });
    expect(dataOf(name, ' a\tb ')).toBe('a\tb');
  });
});

describe('containsControlCharacters and jsonObjectSchema', () => {
  it('looks into strings, keys, arrays and nested objects', () => {
    expect(containsControlCharacters({ pages: 3, tags: ['a', 'b'], nested: { ok: true, x: null } })).toBe(
      false,
    );
    expect(containsControlCharacters('a\u0000')).toBe(true);
    expect(containsControlCharacters({ 'ke\u0000y': 1 })).toBe(true);
    expect(containsControlCharacters({ a: [1, ['deep\u001b']] })).toBe(true);
    expect(containsControlCharacters({ a: { b: { c: 'x\u0085' } } })).toBe(true);
    expect(containsControlCharacters({ text: 'tab\tand\nlines\r' })).toBe(false);
    expect(containsControlCharacters(undefined)).toBe(false);
  });

  it('survives a deeply nested value', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(containsControlCharacters(deep)).toBe(true);
    expect(containsControlCharacters(new Array(300_000).fill('x'))).toBe(false);
  });

  it('refuses a control character in any key or string, with the label', () => {
    const metadata = jsonObjectSchema('Metadata');
    expect(dataOf(metadata, { pages: 3, source: 'scan\n2' })).toEqual({ pages: 3, source: 'scan\n2' });
    expect(errorsOf(metadata, { source: 'sc\u0000an' })).toEqual({
      '': 'Metadata must not contain control characters',
    });
    expect(errorsOf(metadata, { '\u0000': 1 })).toEqual({
      '': 'Metadata must not contain control characters',
    });
    expect(errorsOf(metadata, { a: [{ b: '\u007f' }] })).toEqual({
      '': 'Metadata must not contain control characters',
    });
    expect(errorsOf(metadata, 'x')).toEqual({ '': 'Metadata must be an object' });
  });
});

describe('lone surrogates in JSON', () => {
  it('are found in any key or string at any depth, with the label', () => {
    expect(jsonCharactersProblem({ a: [1, { b: 'x😀' }] }, 'Metadata')).toBeNull();
    expect(jsonCharactersProblem({ a: [1, { b: 'x\ud800' }] }, 'Metadata')).toBe(
      'Metadata must be well-formed Unicode text',
    );
    expect(jsonCharactersProblem({ '\udfff': 1 }, 'Metadata')).toBe(
      'Metadata must be well-formed Unicode text',
    );
    expect(containsControlCharacters({ deep: ['\ud800'] })).toBe(true);
  });

  it('jsonObjectSchema and noControlCharactersInJson refuse them', () => {
    const metadata = jsonObjectSchema('Metadata');
    expect(errorsOf(metadata, { source: 'sc\ud800an' })).toEqual({
      '': 'Metadata must be well-formed Unicode text',
    });
    expect(errorsOf(metadata, { nested: { '\udc00key': true } })).toEqual({
      '': 'Metadata must be well-formed Unicode text',
    });
    const anything = z.unknown().check(noControlCharactersInJson('Property'));
    expect(dataOf(anything, { name: 'Home 🏠' })).toEqual({ name: 'Home 🏠' });
    expect(errorsOf(anything, { name: ['\ud800'] })).toEqual({
      '': 'Property must be well-formed Unicode text',
    });
    expect(errorsOf(anything, { name: '\u0007' })).toEqual({
      '': 'Property must not contain control characters',
    });
  });

  it('any JSON with a lone surrogate somewhere is refused, and any without one is not', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(jsonCharactersProblem(value, 'X') === null).toBe(
          isWellFormed(text) && !hasControlCharacters(text),
        );
      }),
    );
  });
});

describe('idSchema', () => {
  it('takes any text but a control character (the service answers 404 for a malformed id)', () => {
    expect(dataOf(idSchema, 'not-a-uuid')).toBe('not-a-uuid');
    expect(dataOf(idSchema, '')).toBe('');
    expect(dataOf(idParamsSchema, { id: '3F1C2A5E-8B7D-4C9A-9E1F-2D3C4B5A6F70' })).toEqual({
      id: '3F1C2A5E-8B7D-4C9A-9E1F-2D3C4B5A6F70',
    });
    expect(errorsOf(idParamsSchema, { id: '3f1c\u0000' })).toEqual({
      id: 'Id must not contain control characters',
    });
    expect(errorsOf(idParamsSchema, { id: 'x\u009f' })).toEqual({
      id: 'Id must not contain control characters',
    });
  });
});

const uuid = '3f1c2a5e-8b7d-4c9a-9e1f-2d3c4b5a6f70';
const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const textField = { name: 'notes', type: 'text', required: false, label: 'Notes' };

/**
 * Every free-text field of the shared schemas: a valid input, the field's path, and its label. A
 * control character in the field gives exactly '{label} must not contain control characters' there.
 */
const FREE_TEXT: [string, z.ZodType, Record<string, unknown>, (string | number)[], string][] = [
  ['signup first name', signupRequestSchema, signup(), ['firstName'], 'First name'],
  ['signup last name', signupRequestSchema, signup(), ['lastName'], 'Last name'],
  ['signup email', signupRequestSchema, signup(), ['email'], 'Email'],
  ['signup password', signupRequestSchema, signup(), ['password'], 'Password'],
  ['signup company', signupRequestSchema, signup({ company: 'Roof Co' }), ['company'], 'Company name'],
  [
    'signup phone',
    signupRequestSchema,
    signup({ phoneNumber: '082 123 4567' }),
    ['phoneNumber'],
    'Phone number',
  ],
  [
    'signup registration',
    signupRequestSchema,
    supplierSignup(),
    ['registrationNumber'],
    'Registration number',
  ],
  ['signup trading name', signupRequestSchema, supplierSignup(), ['tradingAs'], 'Trading name'],
  ['signup business address', signupRequestSchema, supplierSignup(), ['businessAddress'], 'Business address'],
  ['signup company type', signupRequestSchema, companyInvestorSignup(), ['companyType'], 'Company type'],
  ['signup VAT number', signupRequestSchema, companyInvestorSignup(), ['vatNumber'], 'VAT number'],
  ['signup form confirmation', signupFormSchema, signupForm(), ['confirmPassword'], 'Password'],
  ['login email', loginSchema, { email: 'a@b.co', password: 'secret' }, ['email'], 'Email'],
  ['login password', loginSchema, { email: 'a@b.co', password: 'secret' }, ['password'], 'Password'],
  [
    'current password',
    changePasswordSchema,
    { currentPassword: 'old password', newPassword: 'new password' },
    ['currentPassword'],
    'Current password',
  ],
  [
    'new password',
    changePasswordSchema,
    { currentPassword: 'old password', newPassword: 'new password' },
    ['newPassword'],
    'Password',
  ],
  [
    'reset password',
    resetPasswordSchema,
    { token: 'abc_DEF-123', password: 'new password' },
    ['password'],
    'Password',
  ],
  [
    'reset confirmation',
    resetPasswordFormSchema,
    { password: 'new password', confirmPassword: 'new password' },
    ['confirmPassword'],
    'Password',
  ],
  ['dialog name', propertyDialogSchema, dialog(), ['name'], 'Property name'],
  ['dialog address', propertyDialogSchema, dialog(), ['address'], 'Address'],
  ['dialog municipality', propertyDialogSchema, dialog(), ['municipality'], 'Municipality'],
  ['dialog parcel id', propertyDialogSchema, dialog(), ['parcel_id'], 'Parcel ID'],
  ['dialog unit', propertyDialogSchema, dialog({ unit: '4B' }), ['unit'], 'Unit'],
  [
    'dialog deed number',
    propertyDialogSchema,
    dialog({ deed_number: 'T123/2020' }),
    ['deed_number'],
    'Deed number',
  ],
  ['form ERF number', addPropertyFormSchema, form(), ['erfNumber'], 'ERF/Portion/Stand number'],
  ['form township', addPropertyFormSchema, form(), ['township'], 'Township/Extension'],
  ['form address', addPropertyFormSchema, form(), ['address'], 'Property address'],
  [
    'form description',
    addPropertyFormSchema,
    form({ description: 'Family home' }),
    ['description'],
    'Description',
  ],
  ['form DNA code', addPropertyFormSchema, form({ dnaCode: 'ZA-ABC' }), ['dnaCode'], 'DNA code'],
  ['update name', updatePropertySchema, { name: 'Home' }, ['name'], 'Property name'],
  ['update township', updatePropertySchema, { township: 'Rondebosch' }, ['township'], 'Township/Extension'],
  ['update description', updatePropertySchema, { description: 'Notes' }, ['description'], 'Description'],
  ['document name', registerDocumentSchema, documentInput(), ['name'], 'File name'],
  ['document storage key', registerDocumentSchema, documentInput(), ['storage_key'], 'Storage key'],
  [
    'document metadata',
    registerDocumentSchema,
    documentInput({ metadata: { a: 'b' } }),
    ['metadata', 'a'],
    'Metadata',
  ],
  [
    'chosen file name',
    fileInfoSchema,
    { name: 'deed.pdf', size: 3, type: 'application/pdf' },
    ['name'],
    'File name',
  ],
  [
    'chosen file type',
    fileInfoSchema,
    { name: 'deed.pdf', size: 3, type: 'application/pdf' },
    ['type'],
    'File type',
  ],
  ['share password', createShareSchema, { password: 'secret' }, ['password'], 'Share password'],
  ['unlock password', shareUnlockSchema, { password: 'secret' }, ['password'], 'Password'],
  [
    'adopt property',
    adoptShareSchema,
    { property_id: 'new', create_property: true },
    ['property_id'],
    'Property',
  ],
  ['profile company', supplierProfileSchema, { company_name: 'Roof Co' }, ['company_name'], 'Company name'],
  [
    'profile description',
    supplierProfileSchema,
    profile({ description: 'Roofs' }),
    ['description'],
    'Description',
  ],
  ['profile email', supplierProfileSchema, profile({ email: 'info@roof.co.za' }), ['email'], 'Email'],
  ['profile phone', supplierProfileSchema, profile({ phone: '021 555 1234' }), ['phone'], 'Phone number'],
  [
    'profile website',
    supplierProfileSchema,
    profile({ website: 'roof.co.za/about' }),
    ['website'],
    'Website',
  ],
  ['job address', supplierJobSchema, job(), ['property_address'], 'Property address'],
  ['job client', supplierJobSchema, job(), ['client_name'], 'Client name'],
  ['job description', supplierJobSchema, job(), ['description'], 'Description'],
  ['job reference', supplierJobSchema, job({ job_ref: 'JOB-ABC-1234' }), ['job_ref'], 'Job reference'],
  ['insurer', supplierInsuranceSchema, insurance(), ['insurer'], 'Insurer'],
  ['policy number', supplierInsuranceSchema, insurance(), ['policy_number'], 'Policy number'],
  ['vendor name', vendorInviteSchema, vendor(), ['name'], 'Name'],
  ['vendor email', vendorInviteSchema, vendor(), ['email'], 'Email'],
  ['vendor company', vendorInviteSchema, vendor({ company: 'Sparks' }), ['company'], 'Company'],
  ['task title', maintenanceTaskSchema, task(), ['title'], 'Title'],
  ['task assignee', maintenanceTaskSchema, task({ assigned_to: 'Sipho' }), ['assigned_to'], 'Assignee'],
  ['reminder title', reminderSchema, reminder(), ['title'], 'Title'],
  ['reminder message', reminderSchema, reminder({ message: 'Call' }), ['message'], 'Message'],
  ['template id', templateSchema, template(), ['id'], 'Template id'],
  ['template name', templateSchema, template(), ['name'], 'Template name'],
  ['template category', templateSchema, template(), ['category'], 'Category'],
  ['template field label', templateSchema, template(), ['fields', 0, 'label'], 'Label'],
  [
    'template option',
    templateFieldSchema,
    { name: 'pick', type: 'select', label: 'Pick', options: ['One', 'Two'] },
    ['options', 1],
    'Options',
  ],
];

function setAt(value: unknown, path: (string | number)[], update: (leaf: string) => string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  node[last] = update(String(node[last] ?? 'x'));
  return copy;
}

describe('every free-text field of the shared schemas', () => {
  it.each(FREE_TEXT)('%s: accepts the valid input', (_, schema, input) => {
    expect(schema.safeParse(input).success).toBe(true);
  });

  it.each(FREE_TEXT)(
    '%s: refuses a NUL with "{label} must not contain control characters"',
    (_, schema, input, path, label) => {
      const errors = errorsOf(
        schema,
        setAt(input, path, (leaf) => insert(leaf)),
      );
      // Metadata is checked as a whole, so its message is on the record, not on the key.
      const at = path[0] === 'metadata' ? 'metadata' : path.join('.');
      expect(errors).toEqual({ [at]: controlCharactersMessage(label) });
    },
  );

  it.each(FREE_TEXT)(
    '%s: refuses a lone surrogate with "{label} must be well-formed Unicode text"',
    (_, schema, input, path, label) => {
      for (const surrogate of LONE_SURROGATES) {
        const errors = errorsOf(
          schema,
          setAt(input, path, (leaf) => insert(leaf, surrogate)),
        );
        const at = path[0] === 'metadata' ? 'metadata' : path.join('.');
        expect(errors).toEqual({ [at]: malformedUnicodeMessage(label) });
      }
    },
  );

  it.each(FREE_TEXT)('%s: takes a character outside the BMP (a surrogate pair)', (_, schema, input, path) => {
    // Not every field takes any letter (an email, a phone number), but none refuses a pair for its halves.
    const result = schema.safeParse(setAt(input, path, (leaf) => `${leaf}😀`));
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages.filter((message) => message.includes('well-formed'))).toEqual([]);
  });

  it.each(FREE_TEXT)('%s: refuses every other control character', (_, schema, input, path) => {
    for (const character of REFUSED) {
      expect(schema.safeParse(setAt(input, path, (leaf) => insert(leaf, character))).success).toBe(false);
    }
  });
});

describe('the text builders keep tab and line breaks', () => {
  it('requiredText and optionalText take them (trimmed at the ends)', () => {
    expect(dataOf(requiredText('Required', 100, 'Notes'), 'a\tb\r\nc')).toBe('a\tb\r\nc');
    expect(dataOf(optionalText(100, 'Notes'), '\tline 1\nline 2\n')).toBe('line 1\nline 2');
    expect(errorsOf(optionalText(100, 'Notes'), 'a\u000bb')).toEqual({
      '': 'Notes must not contain control characters',
    });
  });

  it('a multi-line description is still a description', () => {
    expect(dataOf(updatePropertySchema, { description: 'Line 1\nLine 2' })).toEqual({
      description: 'Line 1\nLine 2',
    });
  });
});

describe('specialties', () => {
  it('refuses a control character in the typed text or in a list item', () => {
    expect(errorsOf(specialtiesSchema, 'Roofing, Plumb\u0000ing')).toEqual({
      '': SPECIALTY_MESSAGES.controlCharacters,
    });
    expect(errorsOf(specialtiesSchema, ['Roofing', '\u001bPlumbing'])).toEqual({
      '': SPECIALTY_MESSAGES.controlCharacters,
    });
    expect(SPECIALTY_MESSAGES.controlCharacters).toBe(
      'Service categories must not contain control characters',
    );
    expect(dataOf(specialtiesSchema, 'Roofing,\tPlumbing\n')).toEqual(['Roofing', 'Plumbing']);
    expect(errorsOf(specialtiesSchema, ['Roofing', 'Plumb\udc00ing'])).toEqual({
      '': 'Service categories must be well-formed Unicode text',
    });
  });
});

describe('every date field takes 1900–2200 and refuses the year 0000', () => {
  const range = 'Enter a date between 1900 and 2200';
  const certificate = documentInput({
    kind: 'certificate',
    expires_at: '2027-01-01',
    metadata: { certificate_type: 'electrical_coc', issued_on: '2026-01-01' },
  });
  const expiring = documentInput({ kind: 'certificate', expires_at: '2027-01-01' });
  it.each<[string, z.ZodType, Record<string, unknown>, (string | number)[], string]>([
    ['next_due', maintenanceTaskSchema, task(), ['next_due'], range],
    ['next_due of an update', updateMaintenanceTaskSchema, { next_due: '2026-01-01' }, ['next_due'], range],
    ['completed_on', completeMaintenanceTaskSchema, { completed_on: '2026-01-01' }, ['completed_on'], range],
    ['due_date', reminderSchema, reminder(), ['due_date'], range],
    ['incident_date', claimInputSchema, claim(), ['incident_date'], range],
    ['insurance expires_at', supplierInsuranceSchema, insurance(), ['expires_at'], range],
    ['document expires_at', registerDocumentSchema, expiring, ['expires_at'], range],
    ['invite document expires_at', inviteDocumentSchema, expiring, ['expires_at'], range],
    [
      'metadata.issued_on',
      registerDocumentSchema,
      certificate,
      ['metadata', 'issued_on'],
      'Issue date (metadata.issued_on) must be between 1900 and 2200',
    ],
    ['document patch expires_at', updateDocumentSchema, { expires_at: '2027-01-01' }, ['expires_at'], range],
    ['document patch issued_on', updateDocumentSchema, { issued_on: '2026-01-01' }, ['issued_on'], range],
  ])('%s', (_, schema, input, path, message) => {
    expect(schema.safeParse(setAt(input, path, () => '1900-01-01')).success).toBe(true);
    for (const date of ['0000-01-01', '1899-12-31']) {
      expect(
        errorsOf(
          schema,
          setAt(input, path, () => date),
        ),
      ).toEqual({ [path.join('.')]: message });
    }
    // After 2200: the range, except where the field's own rule (not in the future) speaks first.
    expect(
      Object.values(
        errorsOf(
          schema,
          setAt(input, path, () => '2201-01-01'),
        ),
      ),
    ).toEqual([path[0] === 'incident_date' ? 'The date of the incident cannot be in the future' : message]);
  });
});

describe('strict formats refuse control characters by their own pattern', () => {
  it.each<[string, z.ZodType, unknown]>([
    ['uuid', uuidSchema('Invalid id'), insert(uuid)],
    ['ISO date', isoDateSchema, insert('2026-01-05')],
    ['optional ISO date', optionalIsoDateSchema, insert('2026-01-05')],
    ['required ISO date', requiredIsoDate('Date is required'), insert('2026-01-05')],
    ['email', emailSchema, insert('a@b.co')],
    ['optional email', optionalEmailSchema, insert('a@b.co')],
    ['phone', optionalPhoneSchema, insert('082 123 4567')],
    ['content type', contentTypeSchema, insert('application/pdf')],
    ['country', countryCodeSchema, insert('ZA')],
    ['capability token', capabilityTokenSchema, insert('abcDEF_123')],
    ['SHA-256', sha256HexSchema, insert(sha256)],
    ['template version', templateVersionSchema, insert('v1')],
    ['template field name', templateFieldSchema, { ...textField, name: insert('notes') }],
    ['sign upload type', signUploadSchema, { contentType: insert('application/pdf'), sha256, bytes: 3 }],
    ['document property id', registerDocumentSchema, documentInput({ property_id: insert(uuid) })],
    ['insurance expiry', supplierInsuranceSchema, insurance({ expires_at: insert('2027-01-01') })],
    ['insurance certificate', supplierInsuranceSchema, insurance({ certificate_document_id: insert(uuid) })],
    ['vendor property', vendorInviteSchema, vendor({ propertyId: insert(uuid) })],
    ['adopt into a property', adoptShareSchema, { property_id: insert(uuid) }],
  ])('%s', (_, schema, input) => {
    expect(schema.safeParse(input).success).toBe(false);
    // A lone surrogate in the same place is refused as well.
    const surrogate = JSON.parse(JSON.stringify(input).replace('\\u0000', '\\ud800'));
    expect(schema.safeParse(surrogate).success).toBe(false);
  });
});

describe('validateTemplateAnswers', () => {
  const answers = {
    job_ref: jobRef(new Date('2026-01-05T08:00:00Z'), () => 0.25),
    inspection_date: '2026-01-05',
    roof_type: 'Clay tile',
    condition: 'Fair',
    work_performed: 'Replaced tiles.\nResealed the ridge.\tDone.',
  };

  it('keeps tabs and line breaks in text answers', () => {
    expect(validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, answers).ok).toBe(true);
  });

  it('refuses a control character in a text or textarea answer, naming the field', () => {
    expect(
      validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, {
        ...answers,
        technician_name: 'Sipho\u0000',
        work_performed: 'Fixed\u001b[2J',
      }),
    ).toEqual({
      ok: false,
      errors: {
        technician_name: 'Technician name must not contain control characters',
        work_performed: 'Work performed must not contain control characters',
      },
    });
  });

  it('refuses a lone surrogate in a text answer, and a date outside 1900–2200', () => {
    expect(
      validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, {
        ...answers,
        technician_name: 'Sipho\ud800',
        inspection_date: '0000-01-01',
      }),
    ).toEqual({
      ok: false,
      errors: {
        technician_name: 'Technician name must be well-formed Unicode text',
        inspection_date: 'Inspection date must be between 1900 and 2200',
      },
    });
  });

  it('refuses a control character in other answers and in keys through their own rules', () => {
    const result = validateTemplateAnswers(ROOFING_SERVICE_REPORT_V1, {
      ...answers,
      condition: 'Fair\u0000',
      inspection_date: '2026-01-05\u0000',
      roof_area_m2: '12\u0000',
      'job_ref\u0000': 'x',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'job_ref\u0000': 'Unknown field',
        condition: 'Roof condition must be one of the listed options',
        inspection_date: 'Inspection date must be a valid date (YYYY-MM-DD)',
        roof_area_m2: 'Roof area (m²) must be a number',
      },
    });
  });
});

describe('reset password form', () => {
  it('wants the same password twice', () => {
    expect(
      errorsOf(resetPasswordFormSchema, { password: 'new password', confirmPassword: 'other password' }),
    ).toEqual({
      confirmPassword: SIGNUP_MESSAGES.passwordMismatch.message,
    });
  });
});

// Valid inputs of the schemas above.

function signup(extra: Record<string, unknown> = {}) {
  return {
    userType: 'homeowner',
    firstName: 'Naledi',
    lastName: 'Mokoena',
    email: 'naledi@example.co.za',
    password: 'a long password',
    ...extra,
  };
}

function supplierSignup() {
  return signup({
    userType: 'supplier',
    company: 'Roof Co',
    registrationNumber: '2010/111111/23',
    specialties: 'Roofing',
    businessAddress: '1 Main Road',
    tradingAs: 'Roofers',
  });
}

function companyInvestorSignup() {
  return signup({
    userType: 'company_investor',
    company: 'Invest Co',
    registrationNumber: '2010/111111/23',
    companyType: 'Pty Ltd',
    vatNumber: '4123456789',
  });
}

function signupForm() {
  return { ...signup(), accountType: 'individual', confirmPassword: 'a long password', agreeToTerms: true };
}

function dialog(extra: Record<string, unknown> = {}) {
  return { name: 'Home', address: '1 Main Rd', municipality: 'Cape Town', parcel_id: 'ERF 1', ...extra };
}

function form(extra: Record<string, unknown> = {}) {
  return {
    erfNumber: 'ERF 1',
    township: 'Rondebosch',
    municipality: 'Cape Town',
    address: '1 Main Rd',
    ...extra,
  };
}

function documentInput(extra: Record<string, unknown> = {}) {
  return {
    property_id: uuid,
    kind: 'deed',
    name: 'deed.pdf',
    storage_key: 'uploads/abc',
    sha256,
    bytes: 3,
    content_type: 'application/pdf',
    ...extra,
  };
}

function profile(extra: Record<string, unknown> = {}) {
  return { company_name: 'Roof Co', ...extra };
}

function job(extra: Record<string, unknown> = {}) {
  return { property_address: '1 Main Rd', client_name: 'M. Naidoo', description: 'Roof repair', ...extra };
}

function insurance(extra: Record<string, unknown> = {}) {
  return { insurer: 'Santam', policy_number: 'P-1', expires_at: '2027-01-01', ...extra };
}

function vendor(extra: Record<string, unknown> = {}) {
  return { name: 'Sipho', email: 'sipho@example.co.za', propertyId: uuid, ...extra };
}

function task(extra: Record<string, unknown> = {}) {
  return { title: 'Clean gutters', frequency: 'monthly', priority: 'high', next_due: '2026-02-01', ...extra };
}

function claim(extra: Record<string, unknown> = {}) {
  return {
    incident_type: 'burst_geyser',
    incident_date: '2026-01-05',
    description: 'Water everywhere',
    ...extra,
  };
}

function reminder(extra: Record<string, unknown> = {}) {
  return { title: 'Renew', due_date: '2026-02-01', priority: 'high', type: 'maintenance', ...extra };
}

function template() {
  return { id: 'my-template', name: 'Gutter report', category: 'gutters', version: 1, fields: [textField] };
}
