import { answeredDateTimeSchema } from '@propertydna/domain';
import { z } from 'zod';

/** "Upgrade": where the browser posts the signed form (PayFast's hosted page) and its fields, in order. */
export const checkoutSchema = z.object({
  action: z.string().describe("PayFast's hosted payment page: post the fields there as a form"),
  fields: z
    .array(z.tuple([z.string(), z.string()]))
    .describe('The form fields in PayFast’s order, the MD5 signature last'),
});

/** The plan bought (issue 31 §5): configured or why not, the paid year, the subscription, the payments. */
export const billingSchema = z.object({
  configured: z.boolean(),
  reason: z.string().nullable().describe('Why Upgrade is not possible (payments not configured), or null'),
  priceCents: z.number().int(),
  paidUntil: answeredDateTimeSchema.nullable(),
  subscribed: z.boolean(),
  cancelledAt: answeredDateTimeSchema.nullable(),
  payments: z.array(
    z.object({
      pfPaymentId: z.string(),
      invoiceNumber: z.number().int(),
      amountCents: z.number().int(),
      paidFrom: answeredDateTimeSchema.nullable(),
      paidUntil: answeredDateTimeSchema.nullable(),
      createdAt: answeredDateTimeSchema,
    }),
  ),
});

/** Which properties are read-only on the Free plan (beyond its limit after Premium lapsed), and why. */
export const readOnlyPropertiesSchema = z.object({
  propertyIds: z.array(z.string()),
  message: z.string(),
});
