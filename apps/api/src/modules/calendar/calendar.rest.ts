import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { calendarFeedSchema } from './calendar.schemas.js';

/** The REST routes of the calendar feed: each a door to one procedure. */
export const calendarRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/calendar',
    summary:
      'Your private calendar feed URL ({token}.ics) to subscribe to in Google Calendar, Outlook or Apple Calendar: created on the first call, the same URL after that',
    tags: ['calendar'],
    capability: 'account.self',
    response: calendarFeedSchema,
    call: (caller) => caller.calendar.feed(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/rotate',
    summary: 'Rotate the calendar feed: the old URL answers 404 from now on; answers the new one',
    tags: ['calendar'],
    capability: 'account.self',
    response: calendarFeedSchema,
    call: (caller) => caller.calendar.rotate(),
  }),
];
