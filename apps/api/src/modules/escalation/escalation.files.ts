import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preparerName } from '../../auth/preparer.js';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { exportRule, fileAnswer, MAX_EXPORTS_PER_10_MINUTES } from '../../exports/export-limit.js';
import { zipResponse } from '../../exports/zip.js';
import { takeAttempt } from '../../limits/attempt-limiter.js';
import { errorAnswer, TOO_MANY } from '../../rest/define-route.js';
import type { AppServices } from '../../trpc/context.js';
import { recordExport } from '../audit/audit.repo.js';
import { rememberPackChoice } from '../packs/pack-choices.js';
import { claimPack } from './claim-pack.js';
import { claimIdParams, claimPackQuery } from './escalation.schemas.js';

/** The claim pack, a download: a plain link with the session (cookie or Bearer), streamed. */
export async function escalationFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/claims/:id/pack',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['escalation'],
        summary:
          "A claim's pack for the insurer: a ZIP of the cover letter (PDF: insurer and policy number where the policy analysis found them, the incident, a timeline, the evidence found and missing), claim.json, manifest.json (every file with its SHA-256), the policy, the evidence for the incident type and the photos; each file checked against the vault while packed",
        description:
          "What goes in is the owner's choice: include/exclude take section names (timeline, compliance_gaps) and document ids (the claim's photos, the policies, the evidence found), applied to the organisation's last choice for claim packs, else to the defaults: the timeline in, compliance_gaps out (the cover letter and claim.json then list only the evidence enclosed, never what is missing), every document. A request with include or exclude is remembered as the next default. GET /api/reports/pack-preview?pack=claim_pack&claimId= lists what would go in.",
        params: claimIdParams,
        querystring: claimPackQuery,
        response: {
          200: fileAnswer('application/zip', '<property>-claim-pack-<date>.zip'),
          429: errorAnswer(TOO_MANY(`reports and packs (${MAX_EXPORTS_PER_10_MINUTES} in 10 minutes)`)),
        },
      },
    },
    async (request, reply) => {
      const who = enterCallerScope(await signedIn(services, request, reply));
      await takeAttempt(services.db.db, [exportRule(who.actor.userId)]);
      const now = new Date();
      const { include, exclude } = request.query;
      const pack = await claimPack(
        services.db.db,
        who.actor.organizationId,
        request.params.id,
        { include, exclude },
        now,
        await preparerName(services.db.db, who),
      );
      await rememberPackChoice(services.db.db, who, pack.choice);
      await recordExport(services.db.db, who, pack.claim.property.id, 'claim-pack', 'zip', pack.documentIds);
      return zipResponse(reply, services.store, {
        filename: pack.filename,
        entries: pack.entries,
        mtime: now,
      });
    },
  );
}
