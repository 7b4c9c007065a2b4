import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTO_ACCEPT_CONFIDENCE, type FieldProposal } from '../types.js';
import { proposeFields, readerFactor } from './propose.js';
import { readPage } from './test-pages.js';

/** The fields of a proposal as name → value. */
const valuesOf = (proposal: FieldProposal) =>
  Object.fromEntries(proposal.fields.map((field) => [field.name, field.value]));
const fieldOf = (proposal: FieldProposal, name: string) =>
  proposal.fields.find((field) => field.name === name);

const electricalCoc = readPage([
  { text: 'VoltLine Electrical (Pty) Ltd', y: 0.03 },
  { text: 'CERTIFICATE OF COMPLIANCE', y: 0.08, h: 0.03 },
  { text: 'Electrical Installation - SANS 10142-1', y: 0.12 },
  { text: 'Certificate No: VL-2025-00412    Date of issue: 14 March 2025', y: 0.3 },
  { text: 'Address: 14 Kloof Street, Gardens, Cape Town, 8001', y: 0.34 },
  { text: 'Erf 1234 Gardens', y: 0.37 },
  { text: 'Registered person: Thabo Mokoena    Reg No: IE 12345', y: 0.6 },
  { text: 'Tel: 021 555 0101', y: 0.95 },
]);

describe('proposeFields: certificates', () => {
  it('reads an electrical CoC form: type, number, issue date, address, erf, issuer and registration', () => {
    const proposal = proposeFields([electricalCoc], { documentKind: 'certificate' });
    expect(proposal.kind).toBe('certificate');
    expect(proposal.certificate_type).toBe('electrical_coc');
    expect(valuesOf(proposal)).toEqual({
      certificate_type: 'electrical_coc',
      certificate_number: 'VL-2025-00412',
      issue_date: '2025-03-14',
      address: '14 Kloof Street, Gardens, Cape Town, 8001',
      erf: '1234',
      issuer_name: 'VoltLine Electrical (Pty) Ltd',
      issuer_registration: 'IE 12345',
    });
    // Explicit labels, clean values, a sure reader: sure enough to accept without a person.
    expect(fieldOf(proposal, 'certificate_number')?.confidence).toBeGreaterThanOrEqual(
      AUTO_ACCEPT_CONFIDENCE,
    );
    expect(fieldOf(proposal, 'issue_date')).toMatchObject({
      page: 1,
      text: 'Certificate No: VL-2025-00412    Date of issue: 14 March 2025',
      box: { x: 0.1, y: 0.3 },
    });
    expect(fieldOf(proposal, 'certificate_type')?.text).toBe('Electrical Installation - SANS 10142-1');
    // Free text is never sure enough to go without a person.
    expect(fieldOf(proposal, 'address')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    // Fields in the order of the kind's list, at most one per name.
    expect(proposal.fields.map((field) => field.name)).toEqual([
      'certificate_type',
      'certificate_number',
      'issue_date',
      'address',
      'erf',
      'issuer_name',
      'issuer_registration',
    ]);
  });

  it("reads 'Certificate:' and its number where a scan joins them to the title, not the end of a date's label", () => {
    const page = readPage([
      { text: 'Thundershield Lightning Protection', y: 0.03 },
      { text: 'LIGHTNING PROTECTION SYSTEM Certificate: LPS 25-118', y: 0.1 },
      { text: 'Reason for certificate: change of ownership', y: 0.2 },
      { text: 'Date of issue of this certificate: 22.09.2025', y: 0.3 },
    ]);
    const proposal = proposeFields([page], { documentKind: 'certificate' });
    expect(valuesOf(proposal)).toMatchObject({
      certificate_type: 'lightning_conductor',
      certificate_number: 'LPS 25-118',
      issue_date: '2025-09-22',
    });
  });

  it("takes no erf from a word that starts with 'stand' ('Standby battery  12 V 7 Ah'), and one after 'Stand No.'", () => {
    const page = (label: string) =>
      readPage([
        { text: 'ALARM SYSTEM SERVICE CERTIFICATE', y: 0.05 },
        { text: `${label}    12 V 7 Ah`, y: 0.3 },
      ]);
    expect(
      fieldOf(proposeFields([page('Standby battery')], { documentKind: 'certificate' }), 'erf'),
    ).toBeUndefined();
    expect(fieldOf(proposeFields([page('Stand No.')], { documentKind: 'certificate' }), 'erf')?.value).toBe(
      '12',
    );
  });

  it('knows an Afrikaans thatch certificate (rietdak, brandvertragende behandeling)', () => {
    const page = readPage([
      { text: 'Suidkaap Rietdakdienste', y: 0.03 },
      { text: 'SERTIFIKAAT VAN BRANDVERTRAGENDE BEHANDELING', y: 0.08 },
      { text: 'Sertifikaat nr. SKR 0772-25', y: 0.2 },
      { text: 'Datum uitgereik: 14 Februarie 2025', y: 0.25 },
    ]);
    expect(proposeFields([page], { documentKind: 'certificate' }).certificate_type).toBe('thatch_retardant');
  });

  it('is less sure of values the reader was unsure of, and of letters mended into digits', () => {
    const unsure = readPage([
      { text: 'CERTIFICATE OF COMPLIANCE', y: 0.08, h: 0.03 },
      { text: 'Electrical Installation - SANS 10142-1', y: 0.12 },
      { text: 'Certificate No: VL-2025-00412', y: 0.3, words: [0.95, 0.95, 0.6] },
      { text: 'Date of issue: 14/O3/2025', y: 0.34 },
    ]);
    const proposal = proposeFields([unsure]);
    expect(fieldOf(proposal, 'certificate_number')?.confidence).toBeLessThan(0.6);
    const date = fieldOf(proposal, 'issue_date');
    // The stand-in parsers may refuse the mended date; where one is read it is not auto-accepted.
    if (date !== undefined) expect(date.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
  });

  it('reads values in the column to the right of their labels and under them', () => {
    const table = readPage([
      { text: 'GAS INSTALLATION', y: 0.05, h: 0.03 },
      { text: 'CERTIFICATE OF CONFORMITY', y: 0.09, h: 0.03 },
      { text: 'SANS 10087-1 LP Gas installation', y: 0.14 },
      { text: 'Certificate serial no.', y: 0.3 },
      { text: 'GC 88123', x: 0.5, y: 0.301 },
      { text: 'Date issued', y: 0.33 },
      { text: '03/02/2025', x: 0.5, y: 0.331 },
      { text: 'Registration No', y: 0.5 },
      { text: 'Site address', x: 0.5, y: 0.5 },
      { text: 'LPG-2231', y: 0.52 },
      { text: '7 Main Road, Kalk Bay', x: 0.5, y: 0.52 },
    ]);
    const proposal = proposeFields([table], { documentKind: 'certificate' });
    expect(proposal.certificate_type).toBe('gas_coc');
    expect(valuesOf(proposal)).toMatchObject({
      certificate_number: 'GC 88123',
      issue_date: '2025-02-03',
      issuer_registration: 'LPG-2231',
      address: '7 Main Road, Kalk Bay',
    });
    expect(fieldOf(proposal, 'issue_date')?.text).toBe('03/02/2025');
  });

  it('takes a row’s only date under its only date label where the boxes do not line up, less surely', () => {
    const rough = (dates: string) =>
      readPage([
        { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Electrical installation', y: 0.1 },
        { text: ': | Certificate No. : Date of issue : Si', x: 0.05, y: 0.3 },
        { text: dates, x: 0.05, y: 0.32 },
      ]);
    const one = proposeFields([rough('eT Tages || 15/07/2025 = ool')]);
    expect(fieldOf(one, 'issue_date')).toMatchObject({
      value: '2025-07-15',
      text: 'eT Tages || 15/07/2025 = ool',
    });
    expect(fieldOf(one, 'issue_date')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    // Two dates under one label: which is which cannot be told.
    expect(fieldOf(proposeFields([rough('14/07/2025 15/07/2025 = ool')]), 'issue_date')).toBeUndefined();
    expect(fieldOf(proposeFields([rough('eT Tages || = ool')]), 'issue_date')).toBeUndefined();
    const lastLine = readPage(
      rough('x')
        .lines.slice(0, 3)
        .map((line) => ({ text: line.text, y: line.box.y, h: line.box.h })),
    );
    expect(fieldOf(proposeFields([lastLine]), 'issue_date')).toBeUndefined();
  });

  it('reads a number under its label past the end of the column to its left, less surely', () => {
    const rows = readPage([
      { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
      { text: 'Electrical installation', y: 0.1 },
      { text: 'Owner Erf number 5', y: 0.3 },
      { text: 'O. Mabena 5501 :', y: 0.32 },
      { text: 'Address: 9 Sutherland Street, Mthatha, 5099 Jak Lo', y: 0.4 },
    ]);
    // Estimated boxes put "Mabena" under "Erf number"; a lone digit is no erf.
    const proposal = proposeFields([rows]);
    expect(fieldOf(proposal, 'erf')).toMatchObject({ value: '5501', text: 'O. Mabena 5501 :' });
    expect(fieldOf(proposal, 'erf')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    expect(fieldOf(proposal, 'address')?.value).toBe('9 Sutherland Street, Mthatha, 5099');
    const none = readPage([
      ...rows.lines.slice(0, 3).map((line) => ({ text: line.text, y: line.box.y, h: line.box.h })),
      { text: 'O. Mabena van Wyk', y: 0.32 },
    ]);
    expect(fieldOf(proposeFields([none]), 'erf')).toBeUndefined();
  });

  it('works out the expiry from the type’s validity when none is printed, less surely', () => {
    const beetle = readPage(
      [
        { text: 'Wood-destroying beetle certificate', y: 0.05, h: 0.03 },
        { text: 'Entomologist inspection', y: 0.1 },
        { text: 'Date of issue: 30 November 2024', y: 0.3 },
      ],
      { source: 'text_layer' },
    );
    const proposal = proposeFields([beetle], { documentKind: 'certificate' });
    expect(proposal.certificate_type).toBe('beetle_clearance');
    expect(fieldOf(proposal, 'expiry_date')).toMatchObject({
      value: '2025-02-28',
      text: 'Date of issue: 30 November 2024',
    });
    expect(fieldOf(proposal, 'expiry_date')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    // A printed expiry wins, however it is worded.
    const due = proposeFields([
      readPage([
        ...beetle.lines.map((line) => ({ text: line.text, y: line.box.y })),
        { text: 'Re-treatment due by 19.07.2027', y: 0.4 },
      ]),
    ]);
    expect(fieldOf(due, 'expiry_date')?.value).toBe('2027-07-19');
    const printed = proposeFields([
      readPage([
        ...beetle.lines.map((line) => ({ text: line.text, y: line.box.y })),
        { text: 'Valid until: 31/01/2025', y: 0.4 },
      ]),
    ]);
    expect(fieldOf(printed, 'expiry_date')?.value).toBe('2025-01-31');
  });

  it('takes registration numbers known by their prefix alone, less surely, and never a VAT number', () => {
    const bare = readPage([
      { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
      { text: 'Electrical Installation - SANS 10142-1', y: 0.1 },
      { text: 'Signed by the installation electrician IE 55012 of VAT number 4123456789', y: 0.6 },
      { text: 'Date of registration: 20 May 2025', y: 0.65 },
      { text: 'Company Reg. No.: 2019/123456/07', y: 0.7 },
    ]);
    expect(fieldOf(proposeFields([bare]), 'issuer_registration')).toMatchObject({
      value: 'IE 55012',
      confidence: 0.7,
    });
  });

  it('works out no expiry from an issue date too unsure for it', () => {
    const faint = readPage([
      { text: 'Wood-destroying beetle certificate', y: 0.05, h: 0.03 },
      { text: 'Date: 30 November 2024', y: 0.3, confidence: 0.42 },
    ]);
    const proposal = proposeFields([faint]);
    expect(fieldOf(proposal, 'issue_date')?.value).toBe('2024-11-30');
    expect(fieldOf(proposal, 'expiry_date')).toBeUndefined();
  });

  it('proposes no expiry for a type without a validity', () => {
    expect(fieldOf(proposeFields([electricalCoc]), 'expiry_date')).toBeUndefined();
  });

  it('prefers the issue date over other dates, and is less sure where two issue dates disagree', () => {
    const dates = (second: string) =>
      readPage([
        { text: 'ROOF INSPECTION REPORT', y: 0.05, h: 0.03 },
        { text: 'Inspection date: 02/05/2025', y: 0.2 },
        { text: 'Date: 03/05/2025', y: 0.25 },
        { text: 'Date of issue: 05/05/2025', y: 0.3 },
        { text: second, y: 0.35 },
      ]);
    const proposal = proposeFields([dates('Thank you')], { documentKind: 'inspection' });
    expect(proposal.certificate_type).toBe('roof_inspection');
    expect(fieldOf(proposal, 'issue_date')).toMatchObject({ value: '2025-05-05', confidence: 0.99 });
    expect(fieldOf(proposal, 'expiry_date')?.value).toBe('2026-05-05');
    const disputed = proposeFields([dates('Issue date: 06/05/2025')], { documentKind: 'inspection' });
    expect(fieldOf(disputed, 'issue_date')?.value).toBe('2025-05-05');
    expect(fieldOf(disputed, 'issue_date')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
  });

  it('takes the date under the field’s own label over one under a label that stands for it', () => {
    // A form read without the reader's words: the value under "Date of certification" starts past the
    // neighbouring column's number; the date tested stands cleanly under its own label.
    const form = (certified: string) => {
      const page = readPage([
        { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Electrical installation', y: 0.1 },
        { text: 'CoC Number Date of certification', y: 0.3 },
        { text: certified, y: 0.32 },
        { text: 'Date tested Previous CoC dated', y: 0.36 },
        { text: '15.05.2025 11.02.2019', y: 0.38 },
      ]);
      // Each row read as one line as wide as the row of labels above it (the gap between the columns
      // is one space in the text): its words' places are only estimated.
      const lines = page.lines.map((line) => ({ ...line, words: [], box: { ...line.box, w: 0.256 } }));
      return { ...page, lines };
    };
    const proposal = proposeFields([form('BSE 118204 16.05.2025')]);
    // The date of inspection does not dispute it: the two are expected to differ.
    expect(fieldOf(proposal, 'issue_date')).toMatchObject({ value: '2025-05-16', confidence: 0.73 });
    expect(valuesOf(proposal).certificate_number).toBe('BSE 118204');
    // Its own label there but its date unreadable: the other date is not taken for it.
    expect(fieldOf(proposeFields([form('BSE 118204 16.0S.2O2S')]), 'issue_date')).toBeUndefined();
  });

  it('reads issue dates under labels of other wordings, and not the dates of other things', () => {
    const certificate = (lines: string[]) =>
      proposeFields([
        readPage([
          { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
          { text: 'Electrical installation', y: 0.1 },
          ...lines.map((text, index) => ({ text, y: 0.2 + index * 0.04 })),
        ]),
      ]);
    for (const [label, weight] of [
      ['Date of certification', 0.99],
      ['Uitreikdatum', 0.99],
      ['Effective from', 0.85],
      ['Work completed on', 0.8],
      ['Date signed', 0.8],
      ['Signature date', 0.8],
      ['Applied on', 0.8],
      ['Serviced on', 0.88],
      ['Tested on', 0.72],
      ['Toetsdatum', 0.72],
    ] as const) {
      const proposal = certificate([
        'Previous CoC dated: 02/01/2019',
        'Last service: 03/01/2024',
        'Installation completed: 04/05/2025',
        'Form EC-1 Rev. 2021-03-01',
        'Invoice date: 05/05/2025',
        `${label}: 06/05/2025`,
        'Date of next inspection: 06/05/2026',
      ]);
      expect(fieldOf(proposal, 'issue_date'), label).toMatchObject({
        value: '2025-05-06',
        confidence: weight,
      });
      expect(valuesOf(proposal).expiry_date, label).toBe('2026-05-06');
    }
    // A form's bare Date (by the signature) over its pressure test's date, a day before.
    const tested = certificate(['Date of test: 02/06/25', 'Installer: P. Naidoo', 'Date: 03/06/25']);
    expect(valuesOf(tested).issue_date).toBe('2025-06-03');
    // As the signing sentence dates it.
    const signed = certificate(['Thus done and signed at Durban on this 3rd day of February 2025.']);
    expect(valuesOf(signed).issue_date).toBe('2025-02-03');
    // An approval outranks the application it answers.
    const approved = certificate(['Application date: 26/05/2025', 'Date of approval: 07/07/2025']);
    expect(valuesOf(approved).issue_date).toBe('2025-07-07');
    // "from the date of issue" in a sentence is no label: the date of the letter still counts.
    const letter = certificate([
      'Date: 30/11/2024',
      'This certificate is valid for 3 months from the date of issue.',
    ]);
    expect(valuesOf(letter).issue_date).toBe('2024-11-30');
    // A renewal date is an expiry, not a date the certificate was issued.
    const renewal = certificate(['Renewal date: 30/11/2025', 'Date: 30/11/2024']);
    expect(valuesOf(renewal)).toMatchObject({ issue_date: '2024-11-30', expiry_date: '2025-11-30' });
  });

  it('takes no date below a date label from a line that labels the date itself', () => {
    const list = readPage([
      { text: 'LIGHTNING PROTECTION CERTIFICATE', y: 0.05, h: 0.03 },
      { text: 'DATE" OF. TEST: : «sv ¢ 108=10-2025', y: 0.3 },
      { text: 'NEXT TEST DATE....: 08-10-2026', y: 0.32 },
    ]);
    const proposal = proposeFields([list]);
    expect(valuesOf(proposal).issue_date).toBeUndefined();
    expect(valuesOf(proposal).expiry_date).toBe('2026-10-08');
  });

  it('reads certificate numbers under other labels, past a garbled dot leader, and not an appliance’s', () => {
    const proposal = proposeFields([
      readPage([
        { text: 'GEYSER INSTALLATION CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Geyser serial no.: KW150-88231', y: 0.2 },
        { text: 'Your ref.: SOL-4471', y: 0.24 },
        { text: 'Certificate ID: GAR-SC-40917', y: 0.28 },
      ]),
    ]);
    expect(valuesOf(proposal).certificate_number).toBe('GAR-SC-40917');
    const numbered = (text: string) =>
      valuesOf(
        proposeFields([
          readPage([
            { text, x: 0.7, y: 0.02 },
            { text: 'ROOF INSPECTION REPORT', y: 0.05, h: 0.03 },
          ]),
        ]),
      ).certificate_number;
    expect(numbered('Nº 004512')).toBe('004512');
    expect(numbered('Verslag nr. SRI-25-144')).toBe('SRI-25-144');
    const leader = proposeFields([
      readPage([
        { text: 'ALARM SYSTEM SERVICE CERTIFICATE', y: 0.05, h: 0.03 },
        { text: 'CERT NO. :.«cosessssss NW 20931', y: 0.2, confidence: 0.63 },
      ]),
    ]);
    expect(fieldOf(leader, 'certificate_number')).toMatchObject({ value: 'NW 20931' });
    const mended = proposeFields([
      readPage([
        { text: 'OCCUPATION CERTIFICATE', y: 0.05, h: 0.03 },
        { text: 'OCCUPATION CERT NO: UMM-0C-88314', y: 0.24, confidence: 0.8 },
      ]),
    ]);
    expect(fieldOf(mended, 'certificate_number')?.value).toBe('UMM-OC-88314');
  });

  it('takes the certificate’s own number over its test report’s, and a bare No. alone on its line', () => {
    const footed = proposeFields([
      readPage([
        { text: 'ELECTRICAL CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Test report no.:', y: 0.4 },
        { text: 'TR-4217', y: 0.42 },
        { text: 'CERTIFICATE No.', y: 0.9 },
        { text: 'D 3302178', y: 0.92 },
      ]),
    ]);
    expect(valuesOf(footed).certificate_number).toBe('D 3302178');
    // A report's number is still its own where no certificate number is printed.
    const report = proposeFields([
      readPage([
        { text: 'ROOF INSPECTION REPORT', y: 0.05, h: 0.03 },
        { text: 'Report no. HR-R-0552', y: 0.1 },
      ]),
    ]);
    expect(valuesOf(report).certificate_number).toBe('HR-R-0552');
    const book = proposeFields([
      readPage([
        { text: 'FLAMESAFE GAS FITTERS', y: 0.03 },
        { text: 'No.', x: 0.8, y: 0.06 },
        { text: '002318', x: 0.8, y: 0.08 },
        { text: 'CERTIFICATE OF CONFORMITY', y: 0.12, h: 0.03 },
      ]),
    ]);
    expect(valuesOf(book).certificate_number).toBe('002318');
  });

  it('reads a number printed above its label when nothing follows the label, not surely, and no audit reference', () => {
    const banded = proposeFields([
      readPage([
        { text: 'PLUMBING CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.025 },
        { text: 'C 0917744', x: 0.8, y: 0.05, h: 0.025 },
        { text: 'Certificate no.', x: 0.84, y: 0.08, h: 0.012 },
        { text: 'Licensed plumber: M. Sithole    PIRB reg. no.: 020471', y: 0.16 },
        { text: 'This certificate may be audited by the PIRB. Audit ref.: AUD-22017.', y: 0.94 },
      ]),
    ]);
    const number = fieldOf(banded, 'certificate_number');
    expect(number?.value).toBe('C 0917744');
    expect(number?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    // A value another label on its line answers is that label's, not the number's above.
    const answered = proposeFields([
      readPage([
        { text: 'ELECTRICAL CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Invoice no.: 55120', x: 0.6, y: 0.2 },
        { text: 'Certificate no.', x: 0.7, y: 0.22 },
      ]),
    ]);
    expect(valuesOf(answered).certificate_number).toBeUndefined();
    // Labels on the line above that answer other values (a telephone's, a fax's) leave the number to it.
    const busy = proposeFields([
      readPage([
        { text: 'ELECTRICAL CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Tel: 011 555 6624 CC-4410 Fax: 021', x: 0.5, y: 0.2 },
        { text: 'Certificate no.', x: 0.645, y: 0.22 },
      ]),
    ]);
    expect(valuesOf(busy).certificate_number).toBe('CC-4410');
    // Nor is an audit reference the certificate's number where nothing else is.
    const audited = proposeFields([
      readPage([
        { text: 'PLUMBING CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Audit ref.: AUD-22017', y: 0.94 },
      ]),
    ]);
    expect(valuesOf(audited).certificate_number).toBeUndefined();
  });

  it('takes a letter’s date at the top for the issue date over a date of inspection, and no labelled value for one', () => {
    const letter = (top: string, extra: { text: string; y: number }[] = []) =>
      proposeFields([
        readPage([
          { text: 'Tokai Plumbing & Drains', y: 0.03 },
          { text: 'Our ref.: TPD/W/25-118', y: 0.1 },
          { text: top, x: 0.7, y: 0.14 },
          { text: 'CERTIFICATE OF COMPLIANCE – WATER INSTALLATION', y: 0.2, h: 0.03 },
          ...extra,
          { text: 'Date of inspection:', y: 0.5 },
          { text: '7 May 2025', y: 0.52 },
        ]),
      ]);
    expect(valuesOf(letter('Friday, 9 May 2025')).issue_date).toBe('2025-05-09');
    expect(valuesOf(letter('9 May 2025')).issue_date).toBe('2025-05-09');
    // Not a letter's date: other words on its line, two dates, a label's value, low on the page, a second page.
    for (const top of ['Cape Town, 9 May 2025', '9 May 2025 - 12 May 2025', 'Printed: 9 May 2025'])
      expect(valuesOf(letter(top)).issue_date).toBe('2025-05-07');
    const labelled = proposeFields([
      readPage([
        { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: 'Next inspection due:', y: 0.1 },
        { text: '9 May 2027', y: 0.12 },
        { text: '3 March 2026', y: 0.6 },
      ]),
      readPage([{ text: '9 May 2025', y: 0.05 }], { page: 2 }),
    ]);
    expect(valuesOf(labelled).issue_date).toBeUndefined();
  });

  it('takes a letter’s date after its weekday on a picture’s line run together with the column to its left', () => {
    const page = (top: string, source: 'ocr' | 'text_layer' = 'ocr') =>
      proposeFields([
        readPage(
          [
            { text: 'Tokai Plumbing & Drains', y: 0.03 },
            { text: top, y: 0.1 },
            { text: 'CERTIFICATE OF COMPLIANCE – WATER INSTALLATION', y: 0.2, h: 0.03 },
            { text: 'Date of inspection: 7 May 2025', y: 0.5 },
          ],
          { source },
        ),
      ]);
    for (const top of [
      'Our ref.: TPD/W/25-118 | Friday, 9 May 2025 :',
      'Our ref.: TPD/W/25-118 Friday, 9 May 2025',
    ]) {
      const date = fieldOf(page(top), 'issue_date');
      expect(date?.value).toBe('2025-05-09');
      expect(date?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    }
    // Not after a label's colon, nor without a weekday, nor with words after it, nor on a text layer.
    for (const top of [
      'Our ref.: TPD/W/25-118 Printed: Friday, 9 May 2025',
      'Our ref.: TPD/W/25-118 | 9 May 2025',
      'Our ref.: TPD/W/25-118 | Friday, 9 May 2025 at noon',
    ])
      expect(valuesOf(page(top)).issue_date).not.toBe('2025-05-09');
    expect(valuesOf(page('Our ref.: TPD/W/25-118 | Friday, 9 May 2025', 'text_layer')).issue_date).toBe(
      '2025-05-07',
    );
  });

  it('reads a bare No. that a picture’s line ran together with the firm’s name or its telephone, less surely', () => {
    const page = (top: string, source: 'ocr' | 'text_layer' = 'ocr') =>
      proposeFields([
        readPage(
          [
            { text: top, y: 0.05 },
            { text: 'CERTIFICATE OF CONFORMITY', y: 0.12, h: 0.03 },
            { text: 'LIQUEFIED PETROLEUM GAS INSTALLATION', y: 0.16 },
          ],
          { source },
        ),
      ]);
    for (const [top, number] of [
      ['FLAMESAFE GAS FITTERS Nn. 002318 |', '002318'],
      ['FLAMESAFE GAS FITTERS vo. 002318', '002318'],
      ['24-hour control room 0861 555 010 No. SS-77104', 'SS-77104'],
      // The reader's O for a 0, mended (and less sure for it).
      ['FLAMESAFE GAS FITTERS No. 0O2318', '002318'],
    ] as const) {
      const found = fieldOf(page(top), 'certificate_number');
      expect(found?.value).toBe(number);
      expect(found?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
    }
    // Another thing's number, a short one, a lower-case word before it, or a text layer: none.
    for (const top of [
      'FLAMESAFE GAS FITTERS INVOICE No. 002318',
      'PSIRA reg. no. 3104772',
      'FLAMESAFE GAS FITTERS No. 12',
      'Gas fitters No. 002318',
    ])
      expect(valuesOf(page(top)).certificate_number).toBeUndefined();
    expect(
      valuesOf(page('FLAMESAFE GAS FITTERS Nn. 002318', 'text_layer')).certificate_number,
    ).toBeUndefined();
  });

  it('is less sure of a registration another group of digits follows: it may be cut short', () => {
    const proposal = proposeFields([
      readPage([
        { text: 'HARDEKOOL ROOFING', y: 0.03 },
        { text: 'Co. reg. 2008/119842/23 • NHBRC reg. 3000 41877', y: 0.06 },
        { text: 'ROOF INSPECTION REPORT', y: 0.1, h: 0.03 },
      ]),
    ]);
    const registration = fieldOf(proposal, 'issuer_registration');
    expect(registration?.value).toBe('3000');
    expect(registration?.confidence).toBeLessThan(0.9);
  });

  it('leaves the type out when nothing names one, and a certificate unknown without cues or hint', () => {
    const bare = readPage([
      { text: 'CERTIFICATE', y: 0.05, h: 0.03 },
      { text: 'We certify that the work complies.', y: 0.2 },
    ]);
    expect(proposeFields([bare])).toEqual({ kind: 'certificate', certificate_type: null, fields: [] });
    const blank = readPage([{ text: 'Hello there', y: 0.2 }]);
    expect(proposeFields([blank])).toEqual({ kind: 'unknown', certificate_type: null, fields: [] });
    expect(proposeFields([])).toEqual({ kind: 'unknown', certificate_type: null, fields: [] });
    // The owner's vault kind alone makes it a certificate.
    expect(proposeFields([blank], { documentKind: 'certificate' }).kind).toBe('certificate');
    expect(proposeFields([blank], { documentKind: 'deed' }).kind).toBe('unknown');
  });

  it('is surer of a type its title names than of one only the body mentions, and of a clear lead', () => {
    const titled = proposeFields([
      readPage([
        { text: 'ELECTRIC FENCE SYSTEM CERTIFICATE', y: 0.05, h: 0.03 },
        { text: 'Electrical Machinery Regulations, 2011', y: 0.1 },
      ]),
    ]);
    const body = proposeFields([
      readPage([
        { text: 'Certificate', y: 0.05, h: 0.03 },
        { text: 'The geyser and the alarm were checked.', y: 0.5 },
        { text: 'Geyser to SANS 10254.', y: 0.55 },
      ]),
    ]);
    expect(titled.certificate_type).toBe('electric_fence_coc');
    expect(body.certificate_type).toBe('geyser_coc');
    expect(fieldOf(titled, 'certificate_type')?.confidence).toBeGreaterThan(
      fieldOf(body, 'certificate_type')?.confidence ?? 1,
    );
  });

  it('names types from their titles in other words', () => {
    const typeOf = (title: string) =>
      proposeFields([readPage([{ text: title, y: 0.1, h: 0.03 }])], { documentKind: 'certificate' })
        .certificate_type;
    expect(typeOf('Electrical Compliance Certificate')).toBe('electrical_coc');
    expect(typeOf('Wood Borer Inspection Certificate')).toBe('beetle_clearance');
    expect(typeOf('Electric Water Heater Installation Certificate')).toBe('geyser_coc');
    expect(typeOf('Roof Report')).toBe('roof_inspection');
  });

  it('takes a plumbing certificate of a hot water installation for the geyser’s certificate', () => {
    const typeOf = (lines: { text: string; y: number; h?: number }[]) =>
      proposeFields([readPage(lines)], { documentKind: 'certificate' }).certificate_type;
    // The plumber's form (PIRB, SANS 10252) is the same for both: what it certifies decides.
    expect(
      typeOf([
        { text: 'PLUMBING CERTIFICATE OF COMPLIANCE', y: 0.06, h: 0.03 },
        { text: 'Hot water installation - SANS 10254 / SANS 10252-1', y: 0.1 },
        { text: 'PIRB REGISTRATION NO. 807734', y: 0.4 },
      ]),
    ).toBe('geyser_coc');
    expect(
      typeOf([
        { text: 'PLUMBING CERTIFICATE OF COMPLIANCE', y: 0.06, h: 0.03 },
        { text: 'Water installation - SANS 10252-1, City of Cape Town Water By-law', y: 0.1 },
        { text: 'PIRB REGISTRATION NO. 807734', y: 0.4 },
      ]),
    ).toBe('plumbing_coc');
  });

  it('keeps a plumbing certificate whose list of work names a hot water installation among others', () => {
    const proposal = proposeFields(
      [
        readPage([
          { text: 'PLUMBING CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
          { text: 'Issued in terms of SANS 10252-1 and SANS 10254', y: 0.09 },
          { text: 'Work covered', y: 0.2 },
          { text: 'Hot water installation', y: 0.22 },
          { text: 'Cold water installation', y: 0.26 },
          { text: 'Below-ground drainage', y: 0.28 },
        ]),
      ],
      { documentKind: 'certificate' },
    );
    expect(proposal.certificate_type).toBe('plumbing_coc');
  });

  it('takes no other section’s excess for the buildings’ when theirs is Nil', () => {
    const proposal = proposeFields(
      [
        readPage([
          { text: 'Policy schedule', y: 0.05, h: 0.03 },
          { text: 'Buildings: sum insured', y: 0.3 },
          { text: 'R 1 300 000', x: 0.6, y: 0.3 },
          { text: 'Buildings: basic excess', y: 0.33 },
          { text: 'Nil', x: 0.6, y: 0.33 },
          { text: 'Contents: basic excess', y: 0.39 },
          { text: 'R 1 000', x: 0.6, y: 0.39 },
        ]),
      ],
      { documentKind: 'policy' },
    );
    expect(valuesOf(proposal).sum_insured_buildings).toBe('1300000.00');
    expect(valuesOf(proposal).excess).toBeUndefined();
  });

  it('names a roof report from its body where a photo lost its title', () => {
    const proposal = proposeFields(
      [
        readPage([
          { text: 'Roof repairs - waterproofing - inspections | 021 671 0093', y: 0.05 },
          { text: 'Roof type Concrete tiles on timber trusses', y: 0.3 },
          { text: 'We recommend an inspection of the roof every twelve months.', y: 0.6 },
        ]),
      ],
      { documentKind: 'certificate' },
    );
    expect(proposal.certificate_type).toBe('roof_inspection');
  });

  it('names an occupation certificate from its body where a photo lost its title', () => {
    const body = readPage([
      { text: 'Building Control — Planning and Development', y: 0.12 },
      { text: 'Certificate No.: OC 2024/0456', x: 0.55, y: 0.17 },
      {
        text: 'Section 14(1)(a), National Building Regulations and Building Standards Act 103 of 1977',
        y: 0.3,
      },
      {
        text: 'The building erected on the property may be occupied as from the date of this certificate.',
        y: 0.4,
      },
    ]);
    const proposal = proposeFields([body], { documentKind: 'certificate' });
    expect(proposal.certificate_type).toBe('occupation_certificate');
    // Not from a title: not sure enough to go without a person.
    expect(fieldOf(proposal, 'certificate_type')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
  });

  it('reads all pages and says which page a value came from', () => {
    const cover = readPage([{ text: 'Certificate of Occupancy', y: 0.1, h: 0.04 }], { page: 1 });
    const second = readPage(
      [
        { text: 'National Building Regulations and Building Standards Act 103 of 1977, section 14', y: 0.1 },
        { text: 'Certificate No. OC/2024/0571', y: 0.2 },
      ],
      { page: 2 },
    );
    const proposal = proposeFields([cover, second]);
    expect(proposal.certificate_type).toBe('occupation_certificate');
    expect(fieldOf(proposal, 'certificate_number')).toMatchObject({ value: 'OC/2024/0571', page: 2 });
  });

  it('stops a value at the next label and ignores labels of other things', () => {
    const crowded = readPage([
      { text: 'PLUMBING CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
      { text: 'Water installation - City of Cape Town Water By-law', y: 0.1 },
      { text: 'Plumber: Aqua Fix CC Tel: 021 555 0101', y: 0.2 },
      { text: 'Postal address: PO Box 12, Rondebosch', y: 0.25 },
      { text: 'Physical address: 3 Oak Avenue, Rondebosch Erf 5512', y: 0.3 },
      { text: 'PIRB No: L-20931', y: 0.35 },
    ]);
    const proposal = proposeFields([crowded]);
    expect(valuesOf(proposal)).toMatchObject({
      certificate_type: 'plumbing_coc',
      issuer_name: 'Aqua Fix CC',
      address: '3 Oak Avenue, Rondebosch',
      erf: '5512',
      issuer_registration: 'L-20931',
    });
  });
});

describe('proposeFields: the fifth held-out set’s layouts (seen)', () => {
  it('reads a certificate under a strip of reference boxes as a certificate, its number under "CERTIFICATE"', () => {
    const page = readPage(
      [
        { text: 'Ironbark Perimeter Security (Pty) Ltd', y: 0.04 },
        ...['JOB CARD', 'QUOTE', 'WORK ORDER', 'INVOICE', 'CERTIFICATE'].map((text, index) => ({
          text,
          x: 0.08 + index * 0.18,
          y: 0.1,
        })),
        ...['5521', 'Q2507-118', '88/0412', '10094', 'EF-25-0633'].map((text, index) => ({
          text,
          x: 0.08 + index * 0.18,
          y: 0.12,
        })),
        { text: 'ELECTRIC FENCE SYSTEM CERTIFICATE', y: 0.16, h: 0.03 },
        { text: 'Electrical Machinery Regulations, 2011 – regulation 12 • SANS 60335-2-76', y: 0.18 },
        { text: 'VAT 4120338816', y: 0.2 },
      ],
      { source: 'text_layer' },
    );
    const proposal = proposeFields([page], { documentKind: 'certificate' });
    expect(proposal.kind).toBe('certificate');
    expect(valuesOf(proposal)).toMatchObject({
      certificate_type: 'electric_fence_coc',
      certificate_number: 'EF-25-0633',
    });
  });

  it('reads "cert." run into its number, and the signing sentence for the issue date over an earlier one', () => {
    const proposal = proposeFields([
      readPage(
        [
          { text: 'Scan to verify cert. 2025/ELC/0042', y: 0.14 },
          { text: 'CERTIFICATE OF COMPLIANCE', y: 0.16, h: 0.03 },
          { text: 'Electrical installation – SANS 10142-1', y: 0.19 },
          { text: 'Previous certificate', y: 0.53 },
          { text: '2019/ELC/0311, issued 12 June 2019 by another contractor', x: 0.4, y: 0.53 },
          { text: 'Signed at Pretoria on 4 August 2025', y: 0.77 },
        ],
        { source: 'text_layer' },
      ),
    ]);
    expect(valuesOf(proposal)).toMatchObject({
      certificate_number: '2025/ELC/0042',
      issue_date: '2025-08-04',
    });
    const given = proposeFields([
      readPage(
        [
          { text: 'CERTIFICATE OF OCCUPANCY', y: 0.1, h: 0.03 },
          { text: 'Given under my hand at Kempton Park on this 3rd day of October 2025.', y: 0.55 },
        ],
        { source: 'text_layer' },
      ),
    ]);
    expect(valuesOf(given).issue_date).toBe('2025-10-03');
  });

  it('takes the period of cover’s start over the policy’s inception years before, and no postal code for an erf', () => {
    const schedule = proposeFields(
      [
        readPage(
          [
            { text: 'HOUSEOWNERS SCHEDULE', y: 0.05, h: 0.03 },
            { text: 'Inception date', y: 0.2 },
            { text: '01/02/2019', x: 0.5, y: 0.2 },
            { text: 'Current period of insurance', y: 0.25 },
            { text: '01/02/2025 to 31/01/2026', x: 0.5, y: 0.25 },
          ],
          { source: 'text_layer' },
        ),
      ],
      { documentKind: 'policy' },
    );
    expect(valuesOf(schedule)).toMatchObject({ cover_from: '2025-02-01', cover_to: '2026-01-31' });
    const card = proposeFields([
      readPage([
        { text: 'THATCH FIRE RETARDANT CERTIFICATE', y: 0.05, h: 0.03 },
        { text: 'Adres / Address Erf', y: 0.28 },
        { text: '5 Seekoei Close, Kosmos, Hartbeespoort, 0261 612 Kosmos', y: 0.3 },
      ]),
    ]);
    expect(valuesOf(card).erf).not.toBe('0261');
  });
});

describe('proposeFields: the sixth held-out set’s layouts (seen)', () => {
  it('proposes no standard’s designation and no lone character for a certificate’s number', () => {
    const numberOf = (line: string) =>
      valuesOf(
        proposeFields([
          readPage([
            { text: 'ELECTRIC FENCE SYSTEM CERTIFICATE', y: 0.05, h: 0.03 },
            { text: line, y: 0.2 },
          ]),
        ]),
      ).certificate_number;
    expect(numberOf('Certificate No: SANS 60335-2-76')).toBeUndefined();
    expect(numberOf('Certificate No: 1')).toBeUndefined();
    expect(numberOf('Certificate No: VPS-EF-1193')).toBe('VPS-EF-1193');
  });
});

describe('proposeFields: issuers', () => {
  it('takes the firm a letter is signed for, and a municipality’s SSEG registration number as the certificate’s', () => {
    const letter = readPage([
      { text: 'GEYSER INSTALLATION CERTIFICATE', y: 0.2, h: 0.03 },
      { text: 'SANS 10254', y: 0.25 },
      { text: 'Certificate No.: AH 3390', y: 0.3 },
      { text: 'Neo Molefe', y: 0.6 },
      { text: 'for AquaHeat Plumbing CC', y: 0.62 },
      { text: 'For 3 years', y: 0.7 },
      { text: 'for the Municipal Manager', y: 0.75 },
      { text: 'for A: x', y: 0.8 },
    ]);
    expect(fieldOf(proposeFields([letter]), 'issuer_name')?.value).toBe('AquaHeat Plumbing CC');
    const unnamed = readPage([
      { text: 'GEYSER INSTALLATION CERTIFICATE', y: 0.2, h: 0.03 },
      { text: 'SANS 10254', y: 0.25 },
      { text: 'for Neo Molefe', y: 0.62 },
    ]);
    expect(fieldOf(proposeFields([unnamed]), 'issuer_name')).toMatchObject({
      value: 'Neo Molefe',
      confidence: 0.55,
    });

    const plainHead = readPage([
      { text: 'Perimeter Pro', y: 0.05, h: 0.03 },
      { text: 'ELECTRIC FENCE SYSTEM CERTIFICATE', y: 0.1, h: 0.03 },
      { text: 'Electrical Machinery Regulations', y: 0.15 },
      { text: 'Certificate No: PP 1234', y: 0.2 },
      // A department under the letterhead, printed small and naming no firm, is not the issuer.
      { text: 'Planning and Development', y: 0.08 },
    ]);
    expect(fieldOf(proposeFields([plainHead]), 'issuer_name')).toMatchObject({
      value: 'Perimeter Pro',
      confidence: 0.6,
    });

    const sseg = readPage([
      { text: 'Kwa-Ntaba Local Municipality', y: 0.05, h: 0.025 },
      { text: 'SMALL-SCALE EMBEDDED GENERATION', y: 0.12, h: 0.03 },
      { text: 'Registration and authorisation to connect a solar PV system', y: 0.16 },
      { text: 'SSEG Registration Number', y: 0.3 },
      { text: 'KN/SSEG/0178', x: 0.4, y: 0.3 },
    ]);
    const proposal = proposeFields([sseg], { documentKind: 'certificate' });
    expect(valuesOf(proposal)).toMatchObject({
      certificate_type: 'sseg_registration',
      certificate_number: 'KN/SSEG/0178',
      issuer_name: 'Kwa-Ntaba Local Municipality',
    });
    expect(fieldOf(proposal, 'issuer_registration')).toBeUndefined();
  });
});

describe('proposeFields: policies', () => {
  const schedule = readPage([
    { text: 'Kalahari Mutual Insurance', y: 0.03, h: 0.03 },
    { text: 'HOMEOWNERS POLICY SCHEDULE', y: 0.08 },
    { text: 'Policy number: KM-HOC-778812', y: 0.2 },
    { text: 'Period of cover: 01/07/2025 to 30/06/2026', y: 0.23 },
    { text: 'Risk address: 12 Kloof Street, Gardens', y: 0.26 },
    { text: 'Buildings sum insured   R 2 500 000,00', y: 0.4 },
    { text: 'Contents sum insured   R 450 000,00', y: 0.43 },
    { text: 'Basic excess   R 5 000,00', y: 0.46 },
    { text: 'Monthly premium   R 1 234,56', y: 0.49 },
  ]);

  it('reads a schedule: insurer, number, period, sum insured for buildings, excess and address', () => {
    // Page two repeats the number, less clearly read: the same value, from the surer reading.
    const terms = readPage([{ text: 'Policy number: KM-HOC-778812', y: 0.02, confidence: 0.85 }], {
      page: 2,
    });
    const proposal = proposeFields([schedule, terms], { documentKind: 'policy' });
    expect(proposal).toMatchObject({ kind: 'policy', certificate_type: null });
    expect(fieldOf(proposal, 'policy_number')?.page).toBe(1);
    expect(valuesOf(proposal)).toEqual({
      insurer: 'Kalahari Mutual Insurance',
      policy_number: 'KM-HOC-778812',
      cover_from: '2025-07-01',
      cover_to: '2026-06-30',
      sum_insured_buildings: '2500000.00',
      excess: '5000.00',
      address: '12 Kloof Street, Gardens',
    });
    expect(fieldOf(proposal, 'policy_number')?.confidence).toBeGreaterThanOrEqual(AUTO_ACCEPT_CONFIDENCE);
    expect(fieldOf(proposal, 'cover_to')?.confidence).toBeGreaterThanOrEqual(AUTO_ACCEPT_CONFIDENCE);
  });

  it('reads cover dates from their own labels, an insurer from its label, and refuses a backwards period', () => {
    const labelled = readPage([
      { text: 'Schedule of insurance', y: 0.05, h: 0.03 },
      { text: 'Insurer: Karoo Shield Insurers Ltd', y: 0.15 },
      { text: 'Policy No. PS 1002', y: 0.2 },
      { text: 'Inception date: 1 March 2025', y: 0.25 },
      { text: 'Cover to: 28 February 2026', y: 0.28 },
      { text: 'Period: 01/03/2026 - 01/03/2025', y: 0.31 },
      { text: 'Excess R 2 500', y: 0.4 },
      { text: 'Buildings excess R 3 000', y: 0.43 },
    ]);
    const proposal = proposeFields([labelled], { documentKind: 'policy' });
    expect(valuesOf(proposal)).toMatchObject({
      insurer: 'Karoo Shield Insurers Ltd',
      policy_number: 'PS 1002',
      cover_from: '2025-03-01',
      cover_to: '2026-02-28',
    });
    // Two excesses that disagree: one is proposed, less surely.
    expect(fieldOf(proposal, 'excess')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
  });

  it('reads a renewal letter: the number after the word policy, the period in its sentence', () => {
    const letter = readPage([
      { text: 'Fynbos Direct Insurance', y: 0.05, h: 0.03 },
      { text: 'Renewal of your homeowners policy FD-55120884', y: 0.25 },
      { text: 'Your policy renews for the period 1 September 2025 to 31 August 2026.', y: 0.28 },
    ]);
    expect(valuesOf(proposeFields([letter], { documentKind: 'policy' }))).toEqual({
      insurer: 'Fynbos Direct Insurance',
      policy_number: 'FD-55120884',
      cover_from: '2025-09-01',
      cover_to: '2026-08-31',
    });
  });

  it('reads an Afrikaans schedule', () => {
    const skedule = readPage([
      { text: 'Highveld Onderlinge Versekering Beperk', y: 0.05, h: 0.03 },
      { text: 'Polisskedule', y: 0.1 },
      { text: 'Polisnommer: HOV/778/2025', y: 0.2 },
      { text: 'Dekking: van 1 April 2025 tot 31 Maart 2026', y: 0.23 },
      { text: 'Geboue: versekerde bedrag R 2 200 000,00', y: 0.26 },
      { text: 'Bybetaling: R 2 000,00', y: 0.29 },
      { text: 'Adres: 4 Impala Street, Sonheuwel', y: 0.32 },
    ]);
    expect(valuesOf(proposeFields([skedule], { documentKind: 'policy' }))).toEqual({
      insurer: 'Highveld Onderlinge Versekering Beperk',
      policy_number: 'HOV/778/2025',
      cover_from: '2025-04-01',
      cover_to: '2026-03-31',
      sum_insured_buildings: '2200000.00',
      excess: '2000.00',
      address: '4 Impala Street, Sonheuwel',
    });
  });

  it('reads a period written loosely, less surely', () => {
    const loose = readPage([
      { text: 'Policy schedule', y: 0.05, h: 0.03 },
      { text: 'Period of insurance 01/07/2025 until further notice 30/06/2026', y: 0.2 },
    ]);
    const proposal = proposeFields([loose], { documentKind: 'policy' });
    expect(fieldOf(proposal, 'cover_from')?.value).toBe('2025-07-01');
    expect(fieldOf(proposal, 'cover_to')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
  });
});

describe('proposeFields: invoices', () => {
  const invoice = readPage([
    { text: 'Aqua Fix Plumbing CC', y: 0.03, h: 0.03 },
    { text: 'TAX INVOICE', y: 0.08, h: 0.03 },
    { text: 'VAT No: 4123456789', y: 0.12 },
    { text: 'Invoice date: 2025-04-02', y: 0.2 },
    { text: 'Description of work: Replaced geyser element and thermostat', y: 0.3 },
    { text: 'Subtotal R 1 073,57', y: 0.6 },
    { text: 'VAT (15%) R 161,04', y: 0.63 },
    { text: 'Total incl. VAT R 1 234,61', y: 0.66 },
  ]);

  it('reads an invoice: supplier, date, total, VAT and the work', () => {
    const proposal = proposeFields([invoice], { documentKind: 'maintenance' });
    expect(proposal.kind).toBe('invoice');
    expect(valuesOf(proposal)).toEqual({
      supplier: 'Aqua Fix Plumbing CC',
      invoice_date: '2025-04-02',
      total: '1234.61',
      vat: '161.04',
      work_description: 'Replaced geyser element and thermostat',
    });
    // The total and its VAT at 15% bear each other out; VAT read alone is left to a person.
    expect(fieldOf(proposal, 'total')?.confidence).toBeGreaterThanOrEqual(AUTO_ACCEPT_CONFIDENCE);
    expect(fieldOf(proposal, 'vat')?.confidence).toBeGreaterThanOrEqual(AUTO_ACCEPT_CONFIDENCE);
    const vatOnly = readPage(
      invoice.lines.slice(0, 7).map((line) => ({ text: line.text, y: line.box.y, h: line.box.h })),
    );
    expect(fieldOf(proposeFields([vatOnly]), 'vat')?.confidence).toBeLessThan(AUTO_ACCEPT_CONFIDENCE);
  });

  it('is unsure of a total and VAT that do not agree at 15%', () => {
    const wrong = readPage([
      ...invoice.lines.slice(0, 6).map((line) => ({ text: line.text, y: line.box.y, h: line.box.h })),
      { text: 'VAT (15%) R 100,00', y: 0.63 },
      { text: 'Total incl. VAT R 1 234,61', y: 0.66 },
    ]);
    const proposal = proposeFields([wrong]);
    expect(fieldOf(proposal, 'total')?.confidence).toBeLessThanOrEqual(0.6);
    expect(fieldOf(proposal, 'vat')?.confidence).toBeLessThanOrEqual(0.6);
  });

  it('takes the hint as a prior only: an invoice stored as a certificate is still an invoice', () => {
    expect(proposeFields([invoice], { documentKind: 'certificate' }).kind).toBe('invoice');
  });

  it('reads a letterhead read as one line with the heading, and the work under its header row', () => {
    const merged = readPage([
      { text: 'DripFree Plumbing fe TAX INVOICE', y: 0.05, h: 0.03 },
      { text: 'Invoice date: 28/04/2025', y: 0.1 },
      { text: 'Description of services                                      Amount', y: 0.3 },
      { text: 'Tree felling and removal of garden refuse', y: 0.32 },
    ]);
    expect(valuesOf(proposeFields([merged], { documentKind: 'maintenance' }))).toEqual({
      supplier: 'DripFree Plumbing',
      invoice_date: '2025-04-28',
      work_description: 'Tree felling and removal of garden refuse',
    });
  });

  it('reads a quote with its figures in a column and no letterhead name', () => {
    const quote = readPage([
      { text: 'QUOTATION', y: 0.05, h: 0.03 },
      { text: 'Date', y: 0.2 },
      { text: '14 Mrt 2025', x: 0.4, y: 0.2 },
      { text: 'Total due', y: 0.6 },
      { text: 'R1,150.00', x: 0.6, y: 0.6 },
    ]);
    const proposal = proposeFields([quote], { documentKind: 'quote' });
    expect(proposal.kind).toBe('invoice');
    expect(valuesOf(proposal)).toEqual({ invoice_date: '2025-03-14', total: '1150.00' });
  });
});

describe('proposeFields: what is not proposed', () => {
  it('names no type it would not propose (the proposal and its fields agree)', () => {
    const faint = readPage([{ text: 'Geyser certificate', y: 0.5, confidence: 0.1 }]);
    expect(proposeFields([faint], { documentKind: 'certificate' })).toEqual({
      kind: 'certificate',
      certificate_type: null,
      fields: [],
    });
  });

  it('believes a whole date on a line a garbled dot leader made unsure, unless its own words are unsure', () => {
    const list = (date: string, words: boolean) => {
      const page = readPage([
        { text: 'ELECTRICAL CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
        { text: `DATE: «.» vob wsicsnin os ${date} | oo`, y: 0.3, confidence: 0.38 },
      ]);
      return words ? page : { ...page, lines: page.lines.map((line) => ({ ...line, words: [] })) };
    };
    // 0.75 (Date) × 0.8 (not at the start) × 0.6 (the least for a whole date).
    expect(fieldOf(proposeFields([list('20 October 2025', false)]), 'issue_date')).toMatchObject({
      value: '2025-10-20',
      confidence: 0.36,
    });
    expect(fieldOf(proposeFields([list('2O October 2025', false)]), 'issue_date')).toBeUndefined();
    expect(fieldOf(proposeFields([list('20/10/25', false)]), 'issue_date')).toBeUndefined();
    expect(fieldOf(proposeFields([list('20 October 2025', true)]), 'issue_date')).toBeUndefined();
  });

  it('leaves out a reading too unsure to be worth a person’s look', () => {
    const faint = readPage([
      { text: 'CERTIFICATE OF COMPLIANCE', y: 0.05, h: 0.03 },
      { text: 'Electrical installation', y: 0.1 },
      { text: 'Date 14/03/2025', y: 0.3, confidence: 0.2 },
    ]);
    expect(fieldOf(proposeFields([faint]), 'issue_date')).toBeUndefined();
  });
});

describe('proposeFields on anything', () => {
  const labelled = fc.constantFrom(
    'Certificate No: ',
    'Date of issue: ',
    'Policy number ',
    'Period of cover: ',
    'Total due R ',
    'VAT 15% ',
    'Address: ',
    'Erf ',
    'for ',
    '',
  );
  const line = fc.record({
    text: fc.tuple(labelled, fc.string({ maxLength: 40 })).map(([label, rest]) => `${label}${rest}`),
    x: fc.double({ min: 0, max: 0.9, noNaN: true }),
    y: fc.double({ min: 0, max: 0.95, noNaN: true }),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  it('never throws, proposes each field once with a confidence 0–1 and its evidence', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('certificate', 'policy', 'maintenance', 'other'),
        (pages, documentKind) => {
          const proposal = proposeFields(
            pages.map((lines, index) => readPage(lines, { page: index + 1 })),
            { documentKind },
          );
          const names = proposal.fields.map((field) => field.name);
          expect(new Set(names).size).toBe(names.length);
          for (const field of proposal.fields) {
            expect(field.confidence).toBeGreaterThanOrEqual(0);
            expect(field.confidence).toBeLessThanOrEqual(1);
            expect(field.page).toBeGreaterThanOrEqual(1);
            expect(field.value.trim()).not.toBe('');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('readerFactor', () => {
  it('counts a sure reader fully, keeps an unsure one below auto-acceptance, and never below 0.34', () => {
    expect(readerFactor(1)).toBe(1);
    expect(readerFactor(0.92)).toBe(1);
    expect(readerFactor(0.91)).toBeLessThanOrEqual(0.85);
    expect(readerFactor(0.61)).toBeCloseTo(0.595);
    expect(readerFactor(0.3)).toBeCloseTo(0.34);
    expect(readerFactor(0)).toBeCloseTo(0.34);
  });
});

// CPU-bound (under a second of CPU each): on a busy shared machine a test gets a fraction of a core, so
// each has more than the default 5 s; a quadratic walk would still take minutes.
const BUSY_MACHINE_TIMEOUT = 30_000;

describe('proposeFields: a page of very many lines', () => {
  it(
    'reads a page of 20,000 lines of invoice rows from its first lines, not all of them',
    () => {
      const rows = Array.from({ length: 20_000 }, (_, index) => ({
        text: index === 0 ? 'TAX INVOICE' : `Total: R ${index}.00  VAT: R 1.00  Date: 01/02/2024`,
        y: index / 20_000,
        h: 0.00004,
      }));
      const proposal = proposeFields([readPage(rows, { source: 'text_layer' })]);
      expect(proposal.kind).toBe('invoice');
      expect(valuesOf(proposal).total).toMatch(/^\d+\.00$/);
      // Line 2,000 on is never looked at: no value from it.
      expect(Number(valuesOf(proposal).total)).toBeLessThan(2_000);
    },
    BUSY_MACHINE_TIMEOUT,
  );

  it(
    'keeps the longer of two overlapping labels on a line of very many labels',
    () => {
      const text = Array.from({ length: 3_000 }, () => 'Invoice date: 01/02/2024').join(' ');
      const proposal = proposeFields([
        readPage([
          { text: 'TAX INVOICE', y: 0.01 },
          { text, y: 0.5 },
        ]),
      ]);
      expect(valuesOf(proposal).invoice_date).toBe('2024-02-01');
    },
    BUSY_MACHINE_TIMEOUT,
  );
});
