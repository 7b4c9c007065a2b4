import { createHash } from 'node:crypto';
import {
  addressInRanges,
  formatPayfastAmount,
  orderCheckoutFields,
  PAYFAST_DEFAULT_VALID_RANGES,
  PAYFAST_SUBSCRIPTION,
  PREMIUM_PRICE_CENTS,
  parsePayfastAmount,
  payfastParamString,
} from '@propertydna/domain';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { mailLinks } from '../../mail/links.js';
import { queueMailWithin } from '../../mail/mail-job.js';
import { invoiceMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { invoiceNumber, renderInvoice } from './payfast-invoice.js';
import type { billingSchema } from './plan.schemas.js';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

export interface PayfastConfig {
  merchantId: string;
  merchantKey: string;
  passphrase: string | null;
  processUrl: string;
  validateUrl: string;
  apiUrl: string;
  validRanges: string[];
}

/** PayFast's settings, or null when payments are not configured (no merchant id and key). */
export function payfastConfig(env: Env): PayfastConfig | null {
  if (!env.PAYFAST_MERCHANT_ID || !env.PAYFAST_MERCHANT_KEY) return null;
  const host = env.PAYFAST_SANDBOX ? 'https://sandbox.payfast.co.za' : 'https://www.payfast.co.za';
  return {
    merchantId: env.PAYFAST_MERCHANT_ID,
    merchantKey: env.PAYFAST_MERCHANT_KEY,
    passphrase: env.PAYFAST_PASSPHRASE ?? null,
    processUrl: env.PAYFAST_PROCESS_URL ?? `${host}/eng/process`,
    validateUrl: env.PAYFAST_VALIDATE_URL ?? `${host}/eng/query/validate`,
    apiUrl: env.PAYFAST_API_URL ?? 'https://api.payfast.co.za',
    validRanges: env.PAYFAST_VALID_RANGES
      ? env.PAYFAST_VALID_RANGES.split(',').map((range) => range.trim())
      : [...PAYFAST_DEFAULT_VALID_RANGES],
  };
}

/**
 * Where the browser may post a form besides the app itself (the CSP's form-action): PayFast's hosted
 * payment page, when payments are configured. Without it the browser refuses Upgrade's form post.
 */
export function payfastFormOrigins(env: Env): string[] {
  const config = payfastConfig(env);
  return config ? [new URL(config.processUrl).origin] : [];
}

/** MD5 (lower-case hex) of a parameter string, as PayFast signs. */
export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export interface Checkout {
  action: string;
  fields: Array<[string, string]>;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * "Upgrade": an order row and the form for PayFast's hosted page — the documented fields in their
 * order, an annual subscription (frequency 6, cycles 0) of R99, and the MD5 signature with the passphrase.
 */
export async function startCheckout(
  db: Db,
  env: Env,
  organizationId: string,
  buyer: { email: string; firstName: string; lastName: string },
  now = new Date(),
): Promise<Checkout> {
  const config = payfastConfig(env);
  if (!config) throw new AppError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED);
  const appUrl = env.APP_URL ?? `http://${env.HOST}:${env.PORT}`;
  const order = await db
    .insertInto('payfast_orders')
    .values({ organization_id: organizationId, amount_cents: PREMIUM_PRICE_CENTS })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const amount = formatPayfastAmount(PREMIUM_PRICE_CENTS);
  const fields = orderCheckoutFields({
    merchant_id: config.merchantId,
    merchant_key: config.merchantKey,
    return_url: `${appUrl}/account/payment/return`,
    cancel_url: `${appUrl}/account/payment/cancel`,
    notify_url: `${appUrl}/api/payfast/itn`,
    name_first: buyer.firstName,
    name_last: buyer.lastName,
    email_address: buyer.email,
    m_payment_id: order.id,
    amount,
    item_name: 'PropertyDNA Premium (1 year)',
    subscription_type: PAYFAST_SUBSCRIPTION.subscription_type,
    billing_date: isoDay(now),
    recurring_amount: amount,
    frequency: PAYFAST_SUBSCRIPTION.frequency,
    cycles: PAYFAST_SUBSCRIPTION.cycles,
  });
  fields.push(['signature', md5(payfastParamString(fields, config.passphrase))]);
  return { action: config.processUrl, fields };
}

export type ItnOutcome =
  | 'paid'
  | 'renewed'
  | 'replayed'
  | 'not-complete'
  | 'bad-signature'
  | 'bad-source'
  | 'unknown-order'
  | 'wrong-amount'
  | 'not-valid';

/** How the ITN's server-to-server validation is asked (fetch by default; tests use the local sandbox). */
export type Validate = (url: string, paramString: string) => Promise<string>;

export const validateByPost: Validate = async (url, paramString) => {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: paramString,
    signal: AbortSignal.timeout(10_000),
  });
  return (await answer.text()).trim();
};

function addYear(date: Date): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * An ITN from PayFast: the ONLY thing that changes the plan. In PayFast's documented order: the
 * signature (over every variable as posted, passphrase appended), the source address in the valid
 * ranges, the amount equal to the order's, the server-to-server validation answering VALID. A payment
 * id seen before changes nothing; a payment that is not COMPLETE changes nothing.
 */
export async function handleItn(
  services: AppServices,
  itn: { fields: Array<[string, string]>; sourceAddress: string },
  validate: Validate = validateByPost,
  now = new Date(),
): Promise<ItnOutcome> {
  const { env } = services;
  const db = services.db.db;
  const config = payfastConfig(env);
  if (!config) throw new AppError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED);
  const field = (name: string) => itn.fields.find(([key]) => key === name)?.[1] ?? '';
  const unsigned = itn.fields.slice(
    0,
    Math.max(
      0,
      itn.fields.findIndex(([key]) => key === 'signature'),
    ),
  );
  if (!itn.fields.some(([key]) => key === 'signature')) return 'bad-signature';
  const expected = md5(payfastParamString(unsigned, config.passphrase, { skipEmpty: false }));
  if (field('signature') !== expected) return 'bad-signature';
  if (!addressInRanges(itn.sourceAddress, config.validRanges)) return 'bad-source';
  if (field('merchant_id') !== config.merchantId) return 'bad-signature';
  const orderId = field('m_payment_id');
  const order = /^[0-9a-f-]{36}$/i.test(orderId)
    ? await db.selectFrom('payfast_orders').selectAll().where('id', '=', orderId).executeTakeFirst()
    : undefined;
  if (!order) return 'unknown-order';
  if (parsePayfastAmount(field('amount_gross')) !== order.amount_cents) return 'wrong-amount';
  const answer = await validate(config.validateUrl, payfastParamString(unsigned, null, { skipEmpty: false }));
  if (answer !== 'VALID') return 'not-valid';
  const pfPaymentId = field('pf_payment_id');
  if (!pfPaymentId) return 'bad-signature';
  if (field('payment_status') !== 'COMPLETE') return 'not-complete';
  return db.transaction().execute(async (trx) => {
    const organization = await trx
      .selectFrom('organizations')
      .select(['paid_until'])
      .where('id', '=', order.organization_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const seen = await trx
      .selectFrom('payfast_payments')
      .select('pf_payment_id')
      .where('pf_payment_id', '=', pfPaymentId)
      .executeTakeFirst();
    if (seen) return 'replayed';
    const renewal = organization.paid_until !== null && organization.paid_until.getTime() > now.getTime();
    const paidFrom = renewal && organization.paid_until ? organization.paid_until : now;
    const paidUntil = addYear(paidFrom);
    const payment = await trx
      .insertInto('payfast_payments')
      .values({
        pf_payment_id: pfPaymentId,
        order_id: order.id,
        organization_id: order.organization_id,
        payment_status: 'COMPLETE',
        amount_cents: order.amount_cents,
        paid_from: paidFrom,
        paid_until: paidUntil,
      })
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    await mailInvoice(services, trx, order.organization_id, {
      pfPaymentId,
      invoiceNumber: payment.invoice_number,
      amountCents: order.amount_cents,
      paidUntil,
    });
    await trx
      .updateTable('organizations')
      .set({
        plan: 'premium',
        paid_until: paidUntil,
        payfast_token: field('token') || null,
        subscription_cancelled_at: null,
        updated_at: now,
      })
      .where('id', '=', order.organization_id)
      .execute();
    return renewal ? 'renewed' : 'paid';
  });
}

/**
 * Every accepted payment's tax invoice is mailed to the organisation's owner, the PDF attached (made
 * from the payment's row in the ITN's transaction), queued with that row; /account lists it too.
 */
async function mailInvoice(
  services: AppServices,
  trx: Transaction<Database>,
  organizationId: string,
  payment: { pfPaymentId: string; invoiceNumber: number; amountCents: number; paidUntil: Date },
): Promise<void> {
  const owner = await trx
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
  if (!owner) return;
  const invoice = await renderInvoice(trx, services.env, organizationId, payment.pfPaymentId);
  await queueMailWithin(services, trx, 'bulk', {
    to: owner.email,
    attachments: [
      {
        filename: invoice.fileName,
        contentType: 'application/pdf',
        contentBase64: invoice.body.toString('base64'),
      },
    ],
    ...invoiceMail({
      firstName: owner.first_name,
      invoiceNumber: invoiceNumber(payment.invoiceNumber),
      amount: `R${formatPayfastAmount(payment.amountCents)}`,
      paidUntil: payment.paidUntil,
      accountUrl: mailLinks.account(appUrl(services.env)),
    }),
  });
}

export type Billing = z.infer<typeof billingSchema>;

/** What /account shows of the plan bought: configured or why not, the paid year, the payments. */
export async function loadBilling(db: Db, env: Env, organizationId: string): Promise<Billing> {
  const organization = await db
    .selectFrom('organizations')
    .select(['paid_until', 'payfast_token', 'subscription_cancelled_at'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payfast_payments')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .execute();
  const configured = payfastConfig(env) !== null;
  return {
    configured,
    reason: configured ? null : PAYMENTS_NOT_CONFIGURED,
    priceCents: PREMIUM_PRICE_CENTS,
    paidUntil: organization.paid_until?.toISOString() ?? null,
    subscribed: organization.payfast_token !== null && organization.subscription_cancelled_at === null,
    cancelledAt: organization.subscription_cancelled_at?.toISOString() ?? null,
    payments: payments.map((payment) => ({
      pfPaymentId: payment.pf_payment_id,
      invoiceNumber: payment.invoice_number,
      amountCents: payment.amount_cents,
      paidFrom: payment.paid_from?.toISOString() ?? null,
      paidUntil: payment.paid_until?.toISOString() ?? null,
      createdAt: payment.created_at.toISOString(),
    })),
  };
}

/**
 * The headers' and body's signature of PayFast's API (subscriptions): every variable sorted
 * alphabetically, passphrase included, URL-encoded, MD5.
 */
export function apiSignature(variables: Record<string, string>): string {
  const sorted = Object.entries(variables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return md5(payfastParamString(sorted, null, { skipEmpty: false }));
}

export const NO_SUBSCRIPTION = 'There is no PayFast subscription to cancel';

/**
 * Cancels the subscription through PayFast's API (PUT /subscriptions/{token}/cancel); the plan runs to
 * the end of the paid year.
 */
export async function cancelSubscription(
  db: Db,
  env: Env,
  organizationId: string,
  now = new Date(),
): Promise<Billing> {
  const config = payfastConfig(env);
  if (!config) throw new AppError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED);
  const organization = await db
    .selectFrom('organizations')
    .select(['payfast_token', 'subscription_cancelled_at'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  if (!organization.payfast_token || organization.subscription_cancelled_at) {
    throw new AppError('CONFLICT', NO_SUBSCRIPTION);
  }
  const timestamp = now.toISOString().slice(0, 19);
  const headers: Record<string, string> = {
    'merchant-id': config.merchantId,
    version: 'v1',
    timestamp,
  };
  const signature = apiSignature({
    ...headers,
    ...(config.passphrase ? { passphrase: config.passphrase } : {}),
  });
  const url = `${config.apiUrl}/subscriptions/${encodeURIComponent(organization.payfast_token)}/cancel${env.PAYFAST_SANDBOX ? '?testing=true' : ''}`;
  const answer = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, signature },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!answer?.ok) throw new AppError('UNAVAILABLE', 'PayFast did not accept the cancel; try again later');
  await db
    .updateTable('organizations')
    .set({ subscription_cancelled_at: now, updated_at: now })
    .where('id', '=', organizationId)
    .execute();
  return loadBilling(db, env, organizationId);
}

/**
 * Premium bought through PayFast lapses at the end of the paid year (a cancelled subscription, or a
 * renewal that never came): the organisation is on Free again. Nothing is deleted. Returns how many lapsed.
 */
export async function lapseUnpaidPremium(db: Db, now = new Date()): Promise<number> {
  const lapsed = await db
    .updateTable('organizations')
    .set({ plan: 'free', updated_at: now })
    .where('plan', '=', 'premium')
    .where('paid_until', 'is not', null)
    .where('paid_until', '<=', now)
    .executeTakeFirst();
  return Number(lapsed.numUpdatedRows);
}
