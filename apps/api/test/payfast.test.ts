import { READ_ONLY_PROPERTY_MESSAGE } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseKeep } from '../src/modules/housekeeping/housekeeping.service.js';
import { lapseUnpaidPremium } from '../src/modules/plan/payfast.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { mailsTo, queuedMailsTo } from './support/outbox.js';
import { type PayfastSandbox, type SandboxOrder, startPayfastSandbox } from './support/payfast-sandbox.js';

const PAYFAST_ADDRESS = '197.97.145.150';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe(`Premium bought through PayFast (${databaseKind})`, () => {
  let t: TestApp;
  let sandbox: PayfastSandbox;

  beforeAll(async () => {
    sandbox = await startPayfastSandbox();
    t = await createTestApp({
      PAYFAST_MERCHANT_ID: sandbox.merchantId,
      PAYFAST_MERCHANT_KEY: sandbox.merchantKey,
      PAYFAST_PASSPHRASE: sandbox.passphrase,
      PAYFAST_PROCESS_URL: sandbox.processUrl,
      PAYFAST_VALIDATE_URL: sandbox.validateUrl,
      PAYFAST_API_URL: sandbox.apiUrl,
      APP_URL: 'http://127.0.0.1:9',
      INVOICE_SELLER_NAME: 'PropertyDNA (Pty) Ltd',
      INVOICE_SELLER_VAT_NUMBER: '4123456789',
    });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const trpc = (who: TestAccount, kind: 'query' | 'mutation', path: string) =>
    kind === 'mutation'
      ? t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...who.headers, 'content-type': 'application/json' },
          payload: 'null',
        })
      : t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: who.headers });

  const itn = (body: string, remoteAddress = PAYFAST_ADDRESS) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payfast/itn',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  const organization = (id: string) =>
    t.db.db
      .selectFrom('organizations')
      .select(['plan', 'paid_until', 'payfast_token', 'subscription_cancelled_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Upgrade: the signed form, posted to the sandbox's hosted page as the browser does. */
  async function checkout(owner: TestAccount, door: 'trpc' | 'rest' = 'trpc'): Promise<SandboxOrder> {
    const answer =
      door === 'trpc'
        ? await trpc(owner, 'mutation', 'plan.checkout')
        : await t.app.inject({ method: 'POST', url: '/api/plan/checkout', headers: owner.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const { action, fields } = (door === 'trpc' ? answer.json().result.data : answer.json()) as {
      action: string;
      fields: Array<[string, string]>;
    };
    expect(action).toBe(sandbox.processUrl);
    expect(fields.map(([key]) => key)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'subscription_type',
      'billing_date',
      'recurring_amount',
      'frequency',
      'cycles',
      'signature',
    ]);
    expect(Object.fromEntries(fields)).toMatchObject({
      amount: '99.00',
      subscription_type: '1',
      frequency: '6',
      cycles: '0',
    });
    const before = sandbox.orders.length;
    const hosted = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(hosted.status, await hosted.text()).toBe(200);
    expect(sandbox.orders.length).toBe(before + 1);
    return sandbox.orders[before] as SandboxOrder;
  }

  it('without the settings the Upgrade explains that payments are not configured', async () => {
    const bare = await createTestApp();
    try {
      const owner = await signUpAndLogIn(bare, 'homeowner', { plan: 'free' });
      const billing = await bare.app.inject({
        method: 'GET',
        url: '/trpc/plan.billing',
        headers: owner.headers,
      });
      expect(billing.json().result.data).toMatchObject({
        configured: false,
        reason: 'Payments are not configured',
      });
      const refused = await bare.app.inject({
        method: 'POST',
        url: '/trpc/plan.checkout',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toBe('Payments are not configured');
    } finally {
      await bare.close();
    }
  });

  it("the app's pages may post Upgrade's form to PayFast's hosted page (CSP form-action)", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`form-action 'self' ${new URL(sandbox.processUrl).origin}`);
  });

  it('bad ITNs change nothing: signature, source address, amount, validation', async () => {
    const owner = await signUpAndLogIn(t, 'homeowner', { plan: 'free' });
    const order = await checkout(owner);
    const cases: Array<[string, string, string?]> = [
      ['bad-signature', sandbox.itnFor(order, { tamper: { amount_gross: '1.00' } })],
      ['bad-signature', sandbox.itnFor(order, { tamper: { signature: 'f'.repeat(32) } })],
      ['bad-source', sandbox.itnFor(order), '203.0.113.5'],
      ['wrong-amount', sandbox.itnFor(order, { overrides: { amount_gross: '9.90' } })],
    ];
    for (const [outcome, body, address] of cases) {
      const answer = await itn(body, address);
      expect(answer.statusCode, outcome).toBe(400);
      expect(answer.json().error).toBe(`ITN refused: ${outcome}`);
    }
    sandbox.validateAnswer = 'INVALID';
    try {
      const invalid = await itn(sandbox.itnFor(order));
      expect(invalid.json().error).toBe('ITN refused: not-valid');
    } finally {
      sandbox.validateAnswer = 'VALID';
    }
    expect(await organization(owner.organizationId)).toMatchObject({ plan: 'free', paid_until: null });
    const payments = await t.db.db
      .selectFrom('payfast_payments')
      .select('pf_payment_id')
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(payments).toEqual([]);
  });

  it('happy path → Premium; a replay changes nothing; renewal extends the year, a failed one does not; cancel', async () => {
    const owner = await signUpAndLogIn(t, 'homeowner', { plan: 'free' });
    const order = await checkout(owner);
    const first = sandbox.itnFor(order, { pfPaymentId: `pf-${owner.organizationId}` });
    const paid = await itn(first);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ outcome: 'paid' });
    const afterPaid = await organization(owner.organizationId);
    expect(afterPaid.plan).toBe('premium');
    expect(afterPaid.payfast_token).toBe(`tok-${order.field('m_payment_id')}`);
    const paidUntil = afterPaid.paid_until?.getTime() ?? 0;
    expect(Math.abs(paidUntil - Date.now() - YEAR_MS)).toBeLessThan(2 * 24 * 60 * 60 * 1000);

    const replay = await itn(first);
    expect(replay.json()).toEqual({ outcome: 'replayed' });
    expect((await organization(owner.organizationId)).paid_until?.getTime()).toBe(paidUntil);

    const failed = await itn(sandbox.itnFor(order, { overrides: { payment_status: 'FAILED' } }));
    expect(failed.json()).toEqual({ outcome: 'not-complete' });
    expect((await organization(owner.organizationId)).paid_until?.getTime()).toBe(paidUntil);

    const renewed = await itn(sandbox.itnFor(order));
    expect(renewed.json()).toEqual({ outcome: 'renewed' });
    const renewedUntil = (await organization(owner.organizationId)).paid_until?.getTime() ?? 0;
    expect(renewedUntil - paidUntil).toBeGreaterThanOrEqual(YEAR_MS);

    const billing = await trpc(owner, 'query', 'plan.billing');
    const data = billing.json().result.data;
    expect(data).toMatchObject({ configured: true, subscribed: true, priceCents: 9900 });
    expect(data.payments).toHaveLength(2);
    // The REST door answers the same.
    const rest = await t.app.inject({ method: 'GET', url: '/api/plan/billing', headers: owner.headers });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual(data);

    // Every accepted payment's tax invoice is mailed to the owner, the PDF attached (and a link to /account,
    // which lists it); a replay mails nothing.
    const invoiceMails = (await queuedMailsTo(t, owner.email)).filter((mail) =>
      mail.subject.startsWith('Your PropertyDNA tax invoice PDNA-'),
    );
    expect(invoiceMails).toHaveLength(2);
    expect(invoiceMails[0]?.text).toContain('http://127.0.0.1:9/account');
    expect(invoiceMails[0]?.text).toContain('R99.00');
    // As delivered (the outbox's .eml, parsed): each carries its own invoice as a PDF.
    const delivered = (await mailsTo(t, owner.email)).filter((mail) =>
      mail.subject?.startsWith('Your PropertyDNA tax invoice PDNA-'),
    );
    expect(delivered).toHaveLength(2);
    for (const mail of delivered) {
      const number = /PDNA-\d{6}/.exec(mail.subject ?? '')?.[0];
      expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`propertydna-tax-invoice-${number}.pdf`, 'application/pdf'],
      ]);
      const { text: attached } = await pdfTextOf(mail.attachments[0]?.content ?? Buffer.alloc(0));
      for (const line of ['Tax invoice', `${number}`, 'Seller VAT number', 'VAT at 15%', 'R12.91', 'R99.00'])
        expect(attached).toContain(line);
    }

    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/plan/invoices/pf-${owner.organizationId}`,
      headers: owner.headers,
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfTextOf(invoice.rawPayload);
    for (const line of [
      'Tax invoice',
      'PDNA-',
      'Seller VAT number',
      '4123456789',
      'R86.09',
      'VAT at 15%',
      'R12.91',
      'R99.00',
    ]) {
      expect(text).toContain(line);
    }
    const stranger = await signUpAndLogIn(t, 'homeowner', { plan: 'free' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/plan/invoices/pf-${owner.organizationId}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const cancelled = await t.app.inject({ method: 'POST', url: '/api/plan/cancel', headers: owner.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ subscribed: false });
    expect(sandbox.cancelled).toContain(`tok-${order.field('m_payment_id')}`);
    const afterCancel = await organization(owner.organizationId);
    expect(afterCancel.subscription_cancelled_at).not.toBeNull();
    expect(afterCancel.plan).toBe('premium');
    expect(afterCancel.paid_until?.getTime()).toBe(renewedUntil);
    const again = await trpc(owner, 'mutation', 'plan.cancelSubscription');
    expect(again.statusCode).toBe(409);

    // Housekeeping before the end of the paid year keeps Premium; after it, the plan lapses to Free.
    await houseKeep(t.db.db, t.store, new Date(renewedUntil - 1000));
    expect((await organization(owner.organizationId)).plan).toBe('premium');
    await houseKeep(t.db.db, t.store, new Date(renewedUntil + 1000));
    expect((await organization(owner.organizationId)).plan).toBe('free');
  });

  it('the hosted page refuses a form whose signature is wrong', async () => {
    const owner = await signUpAndLogIn(t, 'homeowner', { plan: 'free' });
    const answer = await trpc(owner, 'mutation', 'plan.checkout');
    const { action, fields } = answer.json().result.data as {
      action: string;
      fields: Array<[string, string]>;
    };
    const tampered = fields.map(([key, value]): [string, string] => [key, key === 'amount' ? '1.00' : value]);
    const hosted = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(tampered).toString(),
    });
    expect(hosted.status).toBe(400);
    expect(sandbox.refused).toContain('Generated signature does not match submitted signature');
  });

  it('after a lapse the properties beyond the Free limit are read-only at both doors, nothing deleted; upgrading again makes them writable', async () => {
    const owner = await signUpAndLogIn(t, 'homeowner');
    const ids: string[] = [];
    for (const [index, name] of ['Oldest', 'Second', 'Third'].entries()) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: owner.headers,
        payload: {
          name,
          address: `${index + 1} Long Street`,
          country: 'ZA',
          municipality: 'CPT',
          parcel_id: `ERF ${index + 1}`,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const [oldest, second, third] = ids as [string, string, string];
    const task = await t.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: owner.headers,
      payload: {
        propertyId: second,
        title: 'Service the geyser',
        frequency: 'annually',
        priority: 'medium',
        next_due: '2027-03-01',
      },
    });
    expect(task.statusCode, task.body).toBe(201);
    const readOnly = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/plan/read-only-properties',
        headers: owner.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { propertyIds: string[]; message: string };
    };
    expect((await readOnly()).propertyIds).toEqual([]);

    // Premium paid through PayFast lapses at the end of the paid year.
    await t.db.db
      .updateTable('organizations')
      .set({ plan: 'premium', paid_until: new Date(Date.now() - 1000) })
      .where('id', '=', owner.organizationId)
      .execute();
    expect(await lapseUnpaidPremium(t.db.db)).toBeGreaterThanOrEqual(1);
    expect(await readOnly()).toEqual({ propertyIds: [second, third], message: READ_ONLY_PROPERTY_MESSAGE });

    const refusedWrites = [
      t.app.inject({
        method: 'PATCH',
        url: `/api/properties/${second}`,
        headers: owner.headers,
        payload: { name: 'Renamed' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/trpc/properties.update',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: { id: third, patch: { name: 'Renamed' } },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: owner.headers,
        payload: {
          propertyId: third,
          title: 'Clean the gutters',
          frequency: 'annually',
          priority: 'low',
          next_due: '2027-03-01',
        },
      }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/maintenance/${task.json().id}`,
        headers: owner.headers,
        payload: { title: 'Renamed' },
      }),
      t.app.inject({ method: 'POST', url: `/api/properties/${third}/archive`, headers: owner.headers }),
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${second}/reminders`,
        headers: owner.headers,
        payload: { title: 'Call the roofer', due_date: '2027-01-15', priority: 'high' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${third}/claims`,
        headers: owner.headers,
        payload: {
          incident_type: 'burst_geyser',
          incident_date: '2026-11-20',
          description: 'The geyser burst.',
        },
      }),
    ];
    for (const answer of await Promise.all(refusedWrites)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.body).toContain(READ_ONLY_PROPERTY_MESSAGE);
    }
    // Reads pass, nothing was deleted, and the oldest property stays writable.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${second}`,
      headers: owner.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Second');
    const list = await t.app.inject({ method: 'GET', url: '/api/properties', headers: owner.headers });
    expect(JSON.stringify(list.json())).toContain(third);
    const writable = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${oldest}`,
      headers: owner.headers,
      payload: { name: 'Oldest (kept)' },
    });
    expect(writable.statusCode, writable.body).toBe(200);

    // Upgrading again (PayFast's ITN) makes them writable.
    const order = await checkout(owner, 'rest');
    expect((await itn(sandbox.itnFor(order))).json()).toEqual({ outcome: 'paid' });
    expect((await readOnly()).propertyIds).toEqual([]);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${second}`,
      headers: owner.headers,
      payload: { name: 'Second (writable again)' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});
