import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { publicSecurity } from '../../rest/define-route.js';
import type { AppServices } from '../../trpc/context.js';
import { feedCalendar, findFeed } from './calendar.service.js';

/** Unknown, revoked and malformed feeds answer alike (as share links do). */
export const FEED_NOT_FOUND = 'Calendar feed not found';

/**
 * GET /api/calendar/{token}.ics: the feed itself, for calendar apps (no session: the token is the
 * capability). Not a REST door to a procedure: it answers text/calendar, not JSON.
 */
export async function calendarFeedRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        security: publicSecurity,
        summary:
          'The private ICS feed ({token}.ics, from GET /api/calendar): maintenance tasks as recurring all-day events and certificate and policy expiries; 404 when unknown or rotated',
        params: z.object({ file: z.string().meta({ description: '{token}.ics' }) }),
        response: {
          200: {
            description: 'The feed, iCalendar (RFC 5545)',
            content: { 'text/calendar': { schema: z.string().meta({ description: 'BEGIN:VCALENDAR …' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      const feed = await findFeed(services.db.db, services.secret, token);
      if (!feed?.organization_id) throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
      const calendar = await feedCalendar(services.db.db, feed.organization_id, appUrl(services.env));
      return (
        reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="propertydna.ics"')
          // Private to whoever holds the link: no shared cache keeps a copy; apps poll every few hours.
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          // RFC 5545 ends every content line with CRLF, the last one too.
          .send(`${calendar.toString()}\r\n`)
      );
    },
  );
}
