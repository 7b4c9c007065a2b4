import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../auth/signed-in.js';
import { fileAnswer } from '../../exports/export-limit.js';
import { errorAnswer, publicSecurity } from '../../rest/define-route.js';
import { sendAttachment } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { handleItn, type Validate, validateByPost } from './payfast.service.js';
import { renderInvoice } from './payfast-invoice.js';

/**
 * PayFast's ITN (issue 31 §5): public, form-encoded. The source address is the socket's, or the
 * trusted proxy's forwarded one when TRUST_PROXY is set (Fastify's request.ip) — never a client header.
 */
export async function payfastRoutes(
  app: FastifyInstance,
  { services, validate = validateByPost }: { services: AppServices; validate?: Validate },
) {
  // Encapsulated: only this plugin's routes take form bodies, kept as posted (order matters to the signature).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/payfast/itn',
    {
      schema: {
        tags: ['plan'],
        summary:
          "PayFast's instant transaction notification (form-encoded, from PayFast's servers): the only thing that changes the plan, after the signature, source address, amount and server-to-server validation",
        security: publicSecurity,
        consumes: ['application/x-www-form-urlencoded'],
        response: {
          200: z
            .object({ outcome: z.string() })
            .describe('Accepted (a replay or an incomplete payment changes nothing)'),
          400: errorAnswer(
            'Refused: a bad signature, an address outside the ranges, a wrong amount, an unknown order or a validation that is not VALID',
          ),
          503: errorAnswer('Payments are not configured'),
        },
      },
    },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const fields = [...new URLSearchParams(body).entries()];
      const outcome = await handleItn(services, { fields, sourceAddress: request.ip }, validate);
      if (['paid', 'renewed', 'replayed', 'not-complete'].includes(outcome))
        return reply.code(200).send({ outcome });
      request.log.warn({ outcome }, 'PayFast ITN refused');
      return reply.code(400).send({ error: `ITN refused: ${outcome}` });
    },
  );

  api.get(
    '/api/plan/invoices/:pfPaymentId',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['plan'],
        summary:
          'The tax invoice (PDF) of one PayFast payment: seller and VAT number, invoice number, 15% VAT shown',
        params: z.object({ pfPaymentId: z.string().min(1).max(100) }),
        response: {
          200: fileAnswer('application/pdf', 'propertydna-tax-invoice-PDNA-000001.pdf'),
          404: errorAnswer('No such payment in this organisation'),
        },
      },
    },
    async (request, reply) => {
      const { actor } = await signedIn(services, request, reply, { requires: 'plan.manage' });
      const { body, fileName } = await renderInvoice(
        services.db.db,
        services.env,
        actor.organizationId,
        request.params.pfPaymentId,
      );
      return sendAttachment(reply, fileName, 'application/pdf', body);
    },
  );
}
