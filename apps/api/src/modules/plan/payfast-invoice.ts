import { formatDate, formatPayfastAmount, vatSplit } from '@propertydna/domain';
import type { DbOrTrx } from '../../db/database.js';
import type { Env } from '../../env.js';
import { AppError } from '../../errors.js';
import { PdfWriter } from '../../pdf/pdf-writer.js';

export const INVOICE_NOT_FOUND = 'There is no such payment';

const rand = (cents: number) => `R${formatPayfastAmount(cents)}`;

/** The invoice number as printed: PDNA-000001. */
export const invoiceNumber = (n: number) => `PDNA-${String(n).padStart(6, '0')}`;

/**
 * A tax invoice for one accepted payment (issue 31 §5): the seller from configuration with its VAT
 * number, the buyer organisation, the invoice number and date, R99 split into R86.09 + 15% VAT R12.91.
 * A payment of another organisation is 404. Read in the ITN's own transaction for the mailed copy.
 */
export async function renderInvoice(
  db: DbOrTrx,
  env: Env,
  organizationId: string,
  pfPaymentId: string,
): Promise<{ body: Buffer; fileName: string }> {
  const payment = await db
    .selectFrom('payfast_payments as p')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .select([
      'p.pf_payment_id',
      'p.invoice_number',
      'p.amount_cents',
      'p.paid_from',
      'p.paid_until',
      'p.created_at',
      'o.name as organization_name',
      'o.vat_number as buyer_vat_number',
    ])
    .where('p.pf_payment_id', '=', pfPaymentId)
    .where('p.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!payment) throw new AppError('NOT_FOUND', INVOICE_NOT_FOUND);
  const number = invoiceNumber(payment.invoice_number);
  const { exclusiveCents, vatCents } = vatSplit(payment.amount_cents);
  const pdf = await PdfWriter.create({
    title: `Tax invoice ${number}`,
    subject: `PropertyDNA Premium - ${payment.organization_name}`,
    createdAt: payment.created_at,
    footer: `Tax invoice ${number} · ${env.INVOICE_SELLER_NAME}`,
  });
  pdf.title('Tax invoice', number);
  pdf.facts([
    ['Seller', env.INVOICE_SELLER_NAME],
    ...(env.INVOICE_SELLER_ADDRESS ? [['Seller address', env.INVOICE_SELLER_ADDRESS] as const] : []),
    ['Seller VAT number', env.INVOICE_SELLER_VAT_NUMBER ?? 'Not registered'],
    ['Invoice number', number],
    ['Invoice date', formatDate(payment.created_at)],
    ['Billed to', payment.organization_name],
    ...(payment.buyer_vat_number ? [['Buyer VAT number', payment.buyer_vat_number] as const] : []),
    ['PayFast payment', payment.pf_payment_id],
  ]);
  pdf.heading('Items');
  const period =
    payment.paid_from && payment.paid_until
      ? ` (${formatDate(payment.paid_from)} to ${formatDate(payment.paid_until)})`
      : '';
  pdf.table(
    [
      { header: 'Description', width: 4 },
      { header: 'Amount', width: 1.4 },
    ],
    [
      [`PropertyDNA Premium, 1 year${period}`, rand(exclusiveCents)],
      ['Total excluding VAT', rand(exclusiveCents)],
      ['VAT at 15%', rand(vatCents)],
      ['Total including VAT', rand(payment.amount_cents)],
    ],
  );
  pdf.paragraph('Paid in full through PayFast.', { size: 9, muted: true });
  return { body: await pdf.finish(), fileName: `propertydna-tax-invoice-${number}.pdf` };
}
