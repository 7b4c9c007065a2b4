import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BUSINESS_NUMBER_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { AppError } from '../src/errors.js';
import {
  importRegister,
  REGISTER_FILE_CHANGED,
  type RegisterFile,
} from '../src/modules/registers/import-register.js';
import { isRegisterMatched, registerChecks } from '../src/modules/registers/register-checks.js';
import { createStaff } from '../src/modules/verification/staff.service.js';
import { supplierVerification } from '../src/modules/verification/verification.js';
import { signUpAndLogIn, testAddress } from './support/accounts.js';
import { createTestApp, makeTempDir, type TestApp } from './support/app.js';
import { createTestDatabase, databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const FIXTURE = path.join(apiDir, 'fixtures/registers/sample-registered-persons.csv');
const SAMPLE = 'SAMPLE register — not official';
const HEADER = 'registration_number,name,category,valid_until\n';

/** A register file held in memory, read in chunks of `size` bytes as a stream would give it. */
function fileOf(text: string, name = 'register.csv', size = 64): RegisterFile {
  const bytes = Buffer.from(text, 'utf8');
  return {
    name,
    open: function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe(`official registers (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let staff: HttpOwner;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    staff = await httpOwner(t, origin);
    await createStaff(t.db.db, staff.email);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.db.db;
  const entriesOf = (source: string) =>
    db()
      .selectFrom('register_entries')
      .select(['line', 'registration_number', 'name', 'category', 'valid_until'])
      .where('source', '=', source)
      .orderBy('line')
      .execute();
  const importOf = (source: string) =>
    db().selectFrom('register_imports').selectAll().where('source', '=', source).executeTakeFirst();

  /** A supplier signed up through the API, its profile then set through the API as the console does. */
  async function supplier(profile: Record<string, unknown>) {
    const account = await httpOwner(t, origin, { userType: 'supplier' });
    const put = await account.call('PUT', '/api/supplier/profile', {
      company_name: 'Placeholder',
      ...profile,
    });
    expect(put.statusCode, put.body).toBe(200);
    return account;
  }

  /**
   * The supplier submits its company registration (or a trade registration) and a PropertyDNA reviewer
   * approves it: the name and number on the profile now are what was checked.
   */
  async function reviewed(
    account: HttpOwner,
    kind: 'company_registration' | 'trade_registration' = 'company_registration',
  ) {
    const doc = await account.upload(Buffer.from(`%PDF-1.7\n${Math.random()}\n%%EOF\n`), 'application/pdf', {
      kind: 'certificate',
      name: 'Registration.pdf',
      organization: true,
    });
    expect(doc.statusCode, doc.body).toBe(201);
    const submitted = await account.call('POST', '/api/supplier/verification/evidence', {
      document_id: doc.json().id,
      kind,
      ...(kind === 'trade_registration' ? { trade: 'other' } : {}),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approved = await staff.call('POST', `/api/backoffice/evidence/${submitted.json().id}/approve`, {
      checked: 'Certificate: name and number match the profile',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return account;
  }

  describe('entry formats', () => {
    it('signup refuses a malformed registration or VAT number with its message and creates nothing', async () => {
      const base = {
        firstName: 'Thabo',
        lastName: 'Nkosi',
        password: 'a long password',
        company: 'Nkosi Holdings',
        companyType: '(Pty) Ltd',
      };
      for (const [n, fields, message] of [
        [
          1,
          {
            userType: 'supplier',
            registrationNumber: '1234',
            specialties: 'Roofing',
            businessAddress: 'Durban',
          },
          BUSINESS_NUMBER_MESSAGES.companyRegistration,
        ],
        [
          2,
          { userType: 'company_investor', registrationNumber: '2099/123456/07' },
          BUSINESS_NUMBER_MESSAGES.companyRegistrationYear,
        ],
        [
          3,
          { userType: 'company_investor', registrationNumber: '2015/123456/07', vatNumber: '123' },
          BUSINESS_NUMBER_MESSAGES.vat,
        ],
        [4, { userType: 'homeowner', phoneNumber: '12' }, 'Enter a valid phone number'],
      ] as const) {
        const email = `format-${process.pid}-${n}@example.co.za`;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: testAddress(9000 + n),
          payload: { ...base, ...fields, email },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(message);
        const user = await db()
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        expect(user).toBeUndefined();
      }
    });

    it('signup stores the numbers in their one form: compact CIPC and VAT, E.164 phone', async () => {
      const email = `format-${process.pid}-ok@example.co.za`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: testAddress(9010),
        payload: {
          firstName: 'Thabo',
          lastName: 'Nkosi',
          password: 'a long password',
          email,
          userType: 'company_investor',
          company: 'Nkosi Holdings',
          companyType: '(Pty) Ltd',
          registrationNumber: ' 2015 / 123456 / 07 ',
          vatNumber: '4123 456 789',
          phoneNumber: '082 123 4567',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const row = await db()
        .selectFrom('users as u')
        .innerJoin('organizations as o', 'o.id', 'u.organization_id')
        .select(['u.phone', 'o.registration_number', 'o.vat_number'])
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        phone: '+27821234567',
        registration_number: '2015/123456/07',
        vat_number: '4123456789',
      });
    });

    it('the supplier profile refuses malformed numbers with their message (400) and changes nothing', async () => {
      const account = await supplier({
        company_name: 'Format Roofing',
        registration_number: '2015/123456/07',
        trade_registration_number: 'er 1234',
        phone: '+27 (0)21 555 1234',
      });
      const before = await t.app.inject({
        method: 'GET',
        url: '/api/supplier/profile',
        headers: account.headers,
      });
      expect(before.json()).toMatchObject({
        registration_number: '2015/123456/07',
        trade_registration_number: 'ER 1234',
        phone: '+27215551234',
      });
      for (const [field, value, message] of [
        ['registration_number', '1234', BUSINESS_NUMBER_MESSAGES.companyRegistration],
        ['trade_registration_number', '#!', BUSINESS_NUMBER_MESSAGES.tradeRegistration],
        ['phone', '555', 'Enter a valid phone number'],
      ] as const) {
        for (const door of ['rest', 'trpc'] as const) {
          const payload = { company_name: 'Changed', [field]: value };
          const res =
            door === 'rest'
              ? await t.app.inject({
                  method: 'PUT',
                  url: '/api/supplier/profile',
                  headers: account.headers,
                  payload,
                })
              : await t.app.inject({
                  method: 'POST',
                  url: '/trpc/supplier.updateProfile',
                  headers: account.headers,
                  payload,
                });
          expect(res.statusCode, `${door} ${field}: ${res.body}`).toBe(400);
          expect(res.body).toContain(message);
        }
      }
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/supplier/profile',
        headers: account.headers,
      });
      expect(after.json()).toEqual(before.json());
    });

    it('a number saved before the formats were checked stays readable, and the next save asks for a valid one', async () => {
      const account = await supplier({ company_name: 'Legacy Roofing' });
      await db()
        .updateTable('organizations')
        .set({ registration_number: '1234' })
        .where('id', '=', account.organizationId)
        .execute();
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/supplier/profile',
        headers: account.headers,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json().registration_number).toBe('1234');
      const save = await t.app.inject({
        method: 'PUT',
        url: '/api/supplier/profile',
        headers: account.headers,
        payload: { ...(read.json() as Record<string, unknown>), description: 'Now with a description' },
      });
      expect(save.statusCode).toBe(400);
      expect(save.body).toContain(BUSINESS_NUMBER_MESSAGES.companyRegistration);
    });
  });

  describe('import', () => {
    it('imports the sample register: every entry, its source, the file and the import date', async () => {
      const at = new Date('2026-11-27T08:00:00Z');
      // Read from disk as the command reads it: a stream of chunks.
      const done = await importRegister(
        db(),
        SAMPLE,
        {
          name: 'sample-registered-persons.csv',
          open: () => createReadStream(FIXTURE, { highWaterMark: 64 }),
        },
        at,
      );
      expect(done).toMatchObject({ source: SAMPLE, entry_count: 5, imported_at: at.toISOString() });
      const entries = await entriesOf(SAMPLE);
      expect(entries).toHaveLength(5);
      expect(entries[0]).toEqual({
        line: 5,
        registration_number: '2019/123456/07',
        name: 'Demo Roofing (Pty) Ltd',
        category: 'Roofing contractor',
        valid_until: '2099-12-31',
      });
      expect(await importOf(SAMPLE)).toMatchObject({
        file_name: 'sample-registered-persons.csv',
        entry_count: 5,
        file_sha256: done.file_sha256,
      });
    });

    it('replaces a source atomically on re-import, leaving other sources alone', async () => {
      await importRegister(
        db(),
        'Replace A',
        fileOf(`${HEADER}A1,Alpha,Electrical,2030-01-01\nA2,Beta,Electrical,2030-01-01\n`),
      );
      await importRegister(db(), 'Replace B', fileOf(`${HEADER}B1,Gamma,Plumbing,2030-01-01\n`));
      const later = new Date('2026-12-01T10:00:00Z');
      await importRegister(
        db(),
        'Replace A',
        fileOf(`${HEADER}A3,Delta,Electrical,2031-01-01\n`, 'a-v2.csv'),
        later,
      );
      expect((await entriesOf('Replace A')).map((entry) => entry.registration_number)).toEqual(['A3']);
      expect((await entriesOf('Replace B')).map((entry) => entry.registration_number)).toEqual(['B1']);
      const row = await importOf('Replace A');
      expect(row).toMatchObject({ file_name: 'a-v2.csv', entry_count: 1 });
      expect(new Date(row?.imported_at ?? 0).toISOString()).toBe(later.toISOString());
    });

    it('a bad file changes nothing and says which line is wrong', async () => {
      const at = new Date('2026-11-27T09:00:00Z');
      await importRegister(db(), 'Bad file', fileOf(`${HEADER}K1,Kept Entry,Gas,2030-01-01\n`), at);
      for (const [text, message] of [
        [
          `${HEADER}N1,New,Gas,2030-01-01\nN2,Newer,Gas,2030-13-01\n`,
          'bad.csv: Line 3: valid_until "2030-13-01" is not a date written YYYY-MM-DD',
        ],
        [`${HEADER}N1,,Gas,2030-01-01\n`, 'bad.csv: Line 2: name is empty'],
        [
          'number,name\nN1,New\n',
          'bad.csv: Line 1: the header must name the columns registration_number, name, category, valid_until (missing: registration_number)',
        ],
        [`${HEADER}N1,"New,Gas,2030-01-01\n`, 'bad.csv: Line 2: a quoted field is not closed'],
      ] as const) {
        const error = await rejection(importRegister(db(), 'Bad file', fileOf(text, 'bad.csv')));
        expect(error).toMatchObject({ code: 'BAD_REQUEST', message });
      }
      const notUtf8 = Buffer.concat([
        Buffer.from(HEADER),
        Buffer.from([0x4b, 0x32, 0x2c, 0xff, 0x2c, 0x47, 0x0a]),
      ]);
      const error = await rejection(
        importRegister(db(), 'Bad file', { name: 'latin1.csv', open: () => [notUtf8] }),
      );
      expect(error.message).toBe('latin1.csv: the file is not UTF-8 text');
      expect((await entriesOf('Bad file')).map((entry) => entry.name)).toEqual(['Kept Entry']);
      expect(new Date((await importOf('Bad file'))?.imported_at ?? 0).toISOString()).toBe(at.toISOString());
      // A bad source name is refused before the file is read.
      expect(await rejection(importRegister(db(), '  ', fileOf(HEADER)))).toMatchObject({
        code: 'BAD_REQUEST',
      });
    });

    it('a file that changes between its check and its import changes nothing', async () => {
      await importRegister(db(), 'Changing', fileOf(`${HEADER}C1,Constant,Gas,2030-01-01\n`));
      let reads = 0;
      const changing: RegisterFile = {
        name: 'changing.csv',
        open: () => {
          reads += 1;
          return [Buffer.from(`${HEADER}C${reads + 1},Read ${reads},Gas,2030-01-01\n`)];
        },
      };
      const error = await rejection(importRegister(db(), 'Changing', changing));
      expect(error).toMatchObject({ code: 'CONFLICT', message: REGISTER_FILE_CHANGED });
      expect((await entriesOf('Changing')).map((entry) => entry.name)).toEqual(['Constant']);
    });

    it('streams a large file in batches', async () => {
      const count = 2_345;
      const file: RegisterFile = {
        name: 'large.csv',
        open: async function* () {
          yield HEADER;
          for (let i = 0; i < count; i += 1) yield `L${i},Large Entry ${i},Electrical,2030-01-01\n`;
        },
      };
      const done = await importRegister(db(), 'Large', file);
      expect(done.entry_count).toBe(count);
      const rows = await db()
        .selectFrom('register_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source', '=', 'Large')
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(count);
    });
  });

  describe('matching', () => {
    const today = '2026-11-27';

    it('matches a supplier whose reviewed number and name are a current entry, case, spaces and legal form aside', async () => {
      await importRegister(
        db(),
        SAMPLE,
        fileOf(await readFile(FIXTURE, 'utf8')),
        new Date('2026-11-27T08:00:00Z'),
      );
      const byTrade = await reviewed(
        await supplier({
          company_name: 'EXAMPLE PLUMBING AND DRAINS',
          trade_registration_number: 'pirb 55012',
        }),
        'trade_registration',
      );
      const byCompany = await reviewed(
        await supplier({ company_name: 'Demo Roofing (Pty) Ltd', registration_number: '2019/123456/07' }),
      );
      // The trading name is typed, not checked: it matches nothing.
      const byTradingName = await reviewed(
        await supplier({ company_name: 'Another name', registration_number: '2019/654321/07' }),
      );
      await db()
        .updateTable('organizations')
        .set({ trading_as: 'Demo Roofing' })
        .where('id', '=', byTradingName.organizationId)
        .execute();
      const wrongName = await reviewed(
        await supplier({ company_name: 'Someone Else Plumbing', trade_registration_number: 'PIRB 55012' }),
        'trade_registration',
      );
      const wrongNumber = await reviewed(
        await supplier({
          company_name: 'Example Plumbing & Drains',
          trade_registration_number: 'PIRB 55013',
        }),
        'trade_registration',
      );
      // Typed in, never reviewed: a register entry's number and name are not a check.
      const typed = await supplier({
        company_name: 'Lapsed Electrical Services',
        trade_registration_number: 'ER 100999',
      });
      const all = [byTrade, byCompany, byTradingName, wrongName, wrongNumber, typed];
      const checks = await registerChecks(
        db(),
        all.map((account) => account.organizationId),
        today,
      );
      const matched = (category: string) => ({
        kind: 'register',
        status: 'matched',
        checked_at: '2026-11-27T08:00:00.000Z',
        valid_until: '2099-12-31',
        source: SAMPLE,
        trade: null,
        checked: `Reviewed registration number and name match the register (${category})`,
      });
      expect(checks.get(byTrade.organizationId)).toEqual([matched('Licensed plumber')]);
      expect(checks.get(byCompany.organizationId)).toEqual([matched('Roofing contractor')]);
      // The level every answer about a supplier gives: register matched, so verified.
      const levels = await supplierVerification(
        db(),
        [byTrade.organizationId, wrongName.organizationId, typed.organizationId],
        today,
      );
      expect(levels.get(byTrade.organizationId)).toMatchObject({ level: 'register_matched' });
      expect(levels.get(byTrade.organizationId)?.checks).toContainEqual(matched('Licensed plumber'));
      expect(levels.get(wrongName.organizationId)?.level).toBe('self_declared');
      expect(levels.get(typed.organizationId)).toEqual({ level: 'self_declared', checks: [] });
      for (const account of [byTradingName, wrongName, wrongNumber, typed]) {
        expect(checks.get(account.organizationId)).toEqual([]);
      }
      expect(isRegisterMatched(checks.get(byTrade.organizationId) ?? [])).toBe(true);
      expect(await registerChecks(db(), [], today)).toEqual(new Map());
    });

    it('does not count a typed-in entry, an outdated review, or an entry two organisations hold', async () => {
      await importRegister(
        db(),
        'Claims',
        fileOf(
          `${HEADER}E-77123,Sparky Electrical,Electrical,2030-01-01\nE-88000,Solo Sparks,Electrical,2030-01-01\n`,
        ),
      );
      const levelOf = async (account: HttpOwner) =>
        (await account.call('GET', '/api/supplier/verification')).json().verification.level;
      // Two suppliers typing the same entry: neither is register matched.
      const first = await supplier({
        company_name: 'Sparky Electrical',
        trade_registration_number: 'E-77123',
        specialties: 'Electrical',
      });
      const second = await supplier({
        company_name: 'Sparky Electrical',
        trade_registration_number: 'E-77123',
        specialties: 'Electrical',
      });
      expect([await levelOf(first), await levelOf(second)]).toEqual(['self_declared', 'self_declared']);
      // Reviewed: the first is matched.
      await reviewed(first, 'trade_registration');
      expect(await levelOf(first)).toBe('register_matched');
      // A reviewer approves the same entry for a second organisation: ambiguous, neither is matched.
      await reviewed(second, 'trade_registration');
      expect([await levelOf(first), await levelOf(second)]).toEqual(['self_declared', 'self_declared']);
      const both = await registerChecks(db(), [first.organizationId, second.organizationId], today);
      expect([...both.values()]).toEqual([[], []]);

      // The reviewed number changed since: outdated, not matched.
      const solo = await reviewed(
        await supplier({ company_name: 'Solo Sparks', trade_registration_number: 'E-88000' }),
        'trade_registration',
      );
      expect(await levelOf(solo)).toBe('register_matched');
      const put = await solo.call('PUT', '/api/supplier/profile', {
        company_name: 'Solo Sparks',
        trade_registration_number: 'E-88001',
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await levelOf(solo)).toBe('self_declared');
      const body = (await solo.call('GET', '/api/supplier/verification')).json();
      expect(body.verification.checks).toMatchObject([{ kind: 'trade_registration', status: 'outdated' }]);
    });

    it('an expired entry does not match: the check is lapsed', async () => {
      const lapsed = await reviewed(
        await supplier({
          company_name: 'Lapsed Electrical Services',
          trade_registration_number: 'ER 100999',
        }),
        'trade_registration',
      );
      const [check] =
        (await registerChecks(db(), [lapsed.organizationId], today)).get(lapsed.organizationId) ?? [];
      expect(check).toMatchObject({ status: 'lapsed', valid_until: '2020-06-30', source: SAMPLE });
      expect(isRegisterMatched(check ? [check] : [])).toBe(false);
      // An entry is current through its last day, and not the day after.
      await importRegister(
        db(),
        'Edge',
        fileOf(`${HEADER}ER 100999,Lapsed Electrical Services,Electrical,${today}\n`),
      );
      const onTheDay = (await registerChecks(db(), [lapsed.organizationId], today)).get(
        lapsed.organizationId,
      );
      expect(onTheDay?.find((c) => c.source === 'Edge')?.status).toBe('matched');
      const dayAfter = (await registerChecks(db(), [lapsed.organizationId], '2026-11-28')).get(
        lapsed.organizationId,
      );
      expect(dayAfter?.find((c) => c.source === 'Edge')?.status).toBe('lapsed');
    });

    it('a re-import without the entry unmatches the supplier', async () => {
      await importRegister(
        db(),
        'Reimport',
        fileOf(`${HEADER}ER 777,Volt Masters (Pty) Ltd,Electrical,2030-01-01\n`),
      );
      const account = await reviewed(
        await supplier({ company_name: 'Volt Masters', trade_registration_number: 'ER 777' }),
        'trade_registration',
      );
      const checksNow = () => registerChecks(db(), [account.organizationId], today);
      expect((await checksNow()).get(account.organizationId)).toMatchObject([
        { status: 'matched', source: 'Reimport' },
      ]);
      await importRegister(db(), 'Reimport', fileOf(`${HEADER}ER 778,Someone Else,Electrical,2030-01-01\n`));
      expect((await checksNow()).get(account.organizationId)).toEqual([]);
    });

    it('GET /api/providers shows register matched with its check, and self-declared once a re-import drops the entry', async () => {
      const source = 'Providers register';
      const importedAt = new Date('2026-11-27T06:00:00Z');
      await importRegister(
        db(),
        source,
        fileOf(`${HEADER}2012/345678/07,Kwazi Geysers (Pty) Ltd,Plumbing,2030-03-31\n`),
        importedAt,
      );
      await reviewed(
        await supplier({ company_name: 'Kwazi Geysers', registration_number: '2012/345678/07' }),
      );
      const owner = await signUpAndLogIn(t, 'homeowner');
      const find = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/providers?q=Kwazi',
          headers: owner.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { company_name: string; verified: boolean; verification: unknown }[];
      };
      expect(await find()).toMatchObject([
        {
          company_name: 'Kwazi Geysers',
          verified: true,
          verification: {
            level: 'register_matched',
            checks: [
              { kind: 'company_registration', status: 'approved', source: 'PropertyDNA review' },
              {
                kind: 'register',
                status: 'matched',
                checked_at: importedAt.toISOString(),
                valid_until: '2030-03-31',
                source,
              },
            ],
          },
        },
      ]);
      await importRegister(
        db(),
        source,
        fileOf(`${HEADER}2012/999999/07,Someone Else,Plumbing,2030-03-31\n`),
      );
      expect(await find()).toMatchObject([
        {
          company_name: 'Kwazi Geysers',
          verified: false,
          verification: {
            level: 'self_declared',
            checks: [{ kind: 'company_registration', status: 'approved' }],
          },
        },
      ]);
    });
  });

  describe('pnpm admin:import-register', () => {
    const cli = path.join(apiDir, 'src/modules/registers/import-register-cli.ts');
    const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
    // The command on a PGlite data dir of its own, whichever database the suite runs on.
    const withoutDatabaseUrl = () => {
      const { DATABASE_URL: _url, ...env } = process.env;
      return env;
    };
    const run = async (args: string[], dataDir: string) => {
      try {
        const { stdout, stderr } = await promisify(execFile)(tsx, [cli, ...args], {
          cwd: apiDir,
          env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir, INIT_CWD: apiDir, LOG_LEVEL: 'silent' },
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };

    // The command runs on a PGlite data dir of its own whichever database the suite runs on: the PostgreSQL
    // pass would run the very same thing again.
    it.skipIf(databaseKind === 'postgres')(
      'imports a file and refuses a bad one with its line, exit code 1',
      async () => {
        const dataDir = await makeTempDir();
        try {
          const ok = await run([SAMPLE, 'fixtures/registers/sample-registered-persons.csv'], dataDir);
          expect(ok.code, ok.stderr).toBe(0);
          expect(ok.stdout).toContain(`imported 5 entries of "${SAMPLE}" from sample-registered-persons.csv`);
          const bad = await run([SAMPLE, 'test/fixtures/registers/bad-register.csv'], dataDir);
          expect(bad.code).toBe(1);
          expect(bad.stderr).toContain(
            'bad-register.csv: Line 3: valid_until "soon" is not a date written YYYY-MM-DD',
          );
          const usage = await run([], dataDir);
          expect(usage.code).toBe(2);
          expect(usage.stderr).toContain('usage: pnpm admin:import-register <source> <file.csv>');
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
      240_000,
    ); // two CLI runs, each migrating a fresh PGlite data dir: ~50 s quiet, longer beside CI's other suites
  });

  describe('migration 0023 on existing rows', () => {
    it('rewrites the phone numbers it is sure of in E.164 and leaves everything else as typed', async () => {
      const handle = await createTestDatabase({ migrateTo: '2026-11-27T0020-stored-objects' });
      try {
        // biome-ignore lint/suspicious/noExplicitAny: the old schema is not the app's types
        const old = handle.db as unknown as import('kysely').Kysely<any>;
        const phones = [
          '082 123 4567',
          '+27 (0)21-555-1234',
          '(021) 555 1234',
          '+27821234567',
          '555-1234',
          '+44 20 7946 0958',
        ];
        const orgs = await old
          .insertInto('organizations')
          .values(
            phones.map((phone, i) => ({
              name: `Old ${i}`,
              account_type: 'company',
              contact_phone: phone,
              registration_number: i === 0 ? '1234' : null,
            })),
          )
          .returning(['id', 'contact_phone'])
          .execute();
        await migrateToLatest(handle.db);
        const rows = await old
          .selectFrom('organizations')
          .select(['id', 'contact_phone', 'registration_number', 'trade_registration_number'])
          .where(
            'id',
            'in',
            orgs.map((org) => org.id),
          )
          .execute();
        const after = new Map(rows.map((row) => [row.id, row]));
        expect(orgs.map((org) => after.get(org.id)?.contact_phone)).toEqual([
          '+27821234567',
          '+27215551234',
          '+27215551234',
          '+27821234567',
          '555-1234',
          '+442079460958',
        ]);
        // A registration number typed before its format was checked is kept: readable, and never a match.
        expect(after.get(orgs[0]?.id)).toMatchObject({
          registration_number: '1234',
          trade_registration_number: null,
        });
      } finally {
        await handle.close();
      }
    });
  });
});
