import { z } from 'zod';

/** The caller's private calendar feed (an .ics capability link), for a calendar app to subscribe to. */
export const calendarFeedSchema = z
  .object({
    url: z.url().meta({
      description:
        'The private ICS feed of your maintenance tasks and certificate and policy expiries; whoever holds it can read them. Rotate it to cut off the old one.',
    }),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
