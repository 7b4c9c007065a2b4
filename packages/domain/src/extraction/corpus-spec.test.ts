import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TYPES } from '../certificates.js';
import { corpusSpecSchema, corpusVaultKind, missingDerivedExpiry } from './corpus-spec.js';

const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus');

const spec = {
  id: 'coc-test',
  kind: 'certificate',
  layout: 'form',
  pages: [
    {
      size: 'A4',
      items: [
        { text: 'CERTIFICATE OF COMPLIANCE – Maart', x: 40, y: 60, size: 18 },
        { line: [40, 70, 555, 70] },
        { box: [40, 90, 515, 120], fill: 0.9 },
      ],
    },
  ],
  truth: { certificate_type: 'electrical_coc', issue_date: '2025-03-14' },
};

describe('corpusSpecSchema', () => {
  it('reads a spec, with the defaults of its items', () => {
    const parsed = corpusSpecSchema.parse(spec);
    expect(parsed.pages[0]?.items).toEqual([
      { text: 'CERTIFICATE OF COMPLIANCE – Maart', x: 40, y: 60, size: 18, font: 'Helvetica', align: 'left' },
      { line: [40, 70, 555, 70], width: 0.75 },
      { box: [40, 90, 515, 120], width: 0.75, fill: 0.9 },
    ]);
  });

  it('refuses text the standard fonts cannot draw, unknown keys and bad ids', () => {
    const page = (text: string) => ({ size: 'A4', items: [{ text, x: 1, y: 1, size: 10 }] });
    expect(corpusSpecSchema.safeParse({ ...spec, pages: [page('≥ 0.9')] }).success).toBe(false);
    expect(corpusSpecSchema.safeParse({ ...spec, pages: [page('two\nlines')] }).success).toBe(false);
    expect(corpusSpecSchema.safeParse({ ...spec, colour: 'red' }).success).toBe(false);
    expect(corpusSpecSchema.safeParse({ ...spec, id: 'Coc_1' }).success).toBe(false);
  });

  it('refuses truth values that are invalid or not canonical, and fields of another kind', () => {
    const messages = (truth: Record<string, string>, kind = 'certificate') =>
      corpusSpecSchema.safeParse({ ...spec, kind, truth }).error?.issues.map((issue) => issue.message);
    expect(messages({ certificate_type: 'electrical_coc', issue_date: '14/03/2025' })).toHaveLength(1);
    expect(messages({ certificate_type: 'electrical_coc', certificate_number: ' A1 ' })).toEqual([
      'Not canonical: write A1',
    ]);
    expect(messages({ certificate_type: 'electrical_coc', total: '12.00' })).toEqual([
      'A certificate has no total',
    ]);
    expect(messages({ issue_date: '2025-03-14' })).toEqual(['A certificate states its certificate_type']);
    expect(messages({ total: '100.00', vat: '13.04' }, 'invoice')).toBeUndefined();
  });

  it('asks for the derived expiry of a type with a validity', () => {
    expect(missingDerivedExpiry({ certificate_type: 'beetle_clearance', issue_date: '2024-11-30' })).toBe(
      'A beetle_clearance issued 2024-11-30 expires 3 months later: truth needs expiry_date',
    );
    expect(
      missingDerivedExpiry({
        certificate_type: 'beetle_clearance',
        issue_date: '2024-11-30',
        expiry_date: '2025-02-28',
      }),
    ).toBeNull();
    expect(missingDerivedExpiry({ certificate_type: 'beetle_clearance' })).toBeNull();
    expect(missingDerivedExpiry({ certificate_type: 'gas_coc', issue_date: '2024-11-30' })).toBeNull();
    expect(missingDerivedExpiry({})).toBeNull();
    expect(
      corpusSpecSchema.safeParse({
        ...spec,
        truth: { certificate_type: 'alarm_service', issue_date: '2025-01-31' },
      }).error?.issues[0]?.path,
    ).toEqual(['truth', 'expiry_date']);
  });
});

describe('corpusVaultKind', () => {
  it('is the spec’s own, else the vault kind of its kind', () => {
    expect(corpusVaultKind({ kind: 'certificate', vault_kind: 'other', truth: {} })).toBe('other');
    expect(corpusVaultKind({ kind: 'policy', truth: {} })).toBe('policy');
    expect(corpusVaultKind({ kind: 'invoice', truth: {} })).toBe('maintenance');
    expect(corpusVaultKind({ kind: 'certificate', truth: { certificate_type: 'roof_inspection' } })).toBe(
      'inspection',
    );
    expect(corpusVaultKind({ kind: 'certificate', truth: { certificate_type: 'gas_coc' } })).toBe(
      'certificate',
    );
  });
});

/** The specs of a set as written: each file's name and its JSON. */
function specFiles(set: string): { file: string; json: unknown }[] {
  const folder = path.join(corpus, set);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => /^[^.]+\.json$/.test(file))
    .map((file) => ({ file, json: JSON.parse(readFileSync(path.join(folder, file), 'utf8')) }));
}

describe('the corpus', () => {
  it.each(['tuning', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4'])(
    '%s: every spec is valid and named by its id',
    (set) => {
      for (const { file, json } of specFiles(set)) {
        const parsed = corpusSpecSchema.safeParse(json);
        expect(parsed.error?.issues ?? [], `${set}/${file}`).toEqual([]);
        expect(`${parsed.data?.id}.json`).toBe(file);
      }
    },
  );

  it.each([
    { set: 'held-out-2', certificate: 18, policy: 9, invoice: 8 },
    { set: 'held-out-3', certificate: 15, policy: 8, invoice: 7 },
    { set: 'held-out-4', certificate: 15, policy: 8, invoice: 7 },
  ])(
    '$set has the documents the README counts: every certificate type, policies and invoices',
    ({ set, ...counts }) => {
      const specs = specFiles(set).map(({ json }) => corpusSpecSchema.parse(json));
      const count = (kind: string) => specs.filter((spec) => spec.kind === kind).length;
      expect({
        certificate: count('certificate'),
        policy: count('policy'),
        invoice: count('invoice'),
      }).toEqual(counts);
      const types = new Set(specs.map((spec) => spec.truth.certificate_type).filter(Boolean));
      expect([...types].sort()).toEqual([...CERTIFICATE_TYPES].sort());
    },
  );
});
