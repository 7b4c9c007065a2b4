import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../src/capabilities/capabilities.js';
import { FEED_NOT_FOUND } from '../src/modules/calendar/calendar.feed.js';
import { feedToken, findFeed } from '../src/modules/calendar/calendar.service.js';
import { createTestApp, TEST_SECRET, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const pdf = (text: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(1500, 0x42), Buffer.from('\n%%EOF\n')]);

const FEED_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

/** A fetched feed, parsed by Mozilla's ical.js (a real RFC 5545 parser) when it answered 200. */
async function fetchFeed(url: string) {
  const res = await fetch(url);
  const body = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    body,
    calendar: res.status === 200 ? new ICAL.Component(ICAL.parse(body)) : null,
  };
}

type Parsed = NonNullable<Awaited<ReturnType<typeof fetchFeed>>['calendar']>;

/** The feed's events by UID. */
const eventsOf = (calendar: Parsed) =>
  new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [event.uid, { event, vevent }] as const;
    }),
  );

/** The first `count` dates of an event ('YYYY-MM-DD'), expanded by ical.js from DTSTART and RRULE. */
function occurrences(event: ICAL.Event, count: number): string[] {
  const iterator = event.iterator();
  const dates: string[] = [];
  for (let next = iterator.next(); next && dates.length < count; next = iterator.next()) {
    dates.push(next.toString());
  }
  return dates;
}

const alarmOf = (vevent: ICAL.Component) => {
  const alarms = vevent.getAllSubcomponents('valarm');
  expect(alarms).toHaveLength(1);
  const [alarm] = alarms as [ICAL.Component];
  return {
    action: alarm.getFirstPropertyValue('action'),
    triggerSeconds: (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
  };
};

describe(`calendar feed (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function feedUrl(owner: HttpOwner): Promise<string> {
    const res = await owner.call('GET', '/api/calendar');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(FEED_URL);
    return url;
  }

  /** The owner's feed, fetched by its URL (no session) and parsed: its text and its events by UID. */
  async function feedEvents(owner: HttpOwner) {
    const feed = await fetchFeed(await feedUrl(owner));
    expect(feed.status, feed.body).toBe(200);
    return { body: feed.body, events: eventsOf(feed.calendar as Parsed) };
  }

  async function addProperty(owner: HttpOwner, name: string): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: '8 Kloof Street',
      municipality: 'CPT',
      parcel_id: `M${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  async function addTask(owner: HttpOwner, propertyId: string, fields: Record<string, unknown>) {
    const res = await owner.call('POST', '/api/maintenance', {
      propertyId,
      description: null,
      priority: 'medium',
      assigned_to: null,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  /** Uploads a document of `kind` named `name` to the property (with an expiry, if given): its id. */
  async function addDocument(
    owner: HttpOwner,
    propertyId: string,
    kind: string,
    name: string,
    expires?: string,
  ) {
    const res = await owner.upload(pdf(name), 'application/pdf', {
      property_id: propertyId,
      kind,
      name,
      metadata: { filename: `${name}.pdf` },
      ...(expires ? { expires_at: expires } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('an account with nothing has a valid empty calendar; the URL is the same on every call and on both doors', async () => {
    const owner = await httpOwner(t, origin);
    const [first, concurrent] = await Promise.all([feedUrl(owner), feedUrl(owner)]);
    expect(concurrent).toBe(first);
    expect(await feedUrl(owner)).toBe(first);
    const trpc = await fetch(`${origin}/trpc/calendar.feed`, { headers: owner.headers });
    expect(((await trpc.json()) as { result: { data: unknown } }).result.data).toEqual({ url: first });

    // One live feed for the user, and the database holds only the token's SHA-256.
    const token = FEED_URL.exec(first)?.[1] ?? '';
    const rows = await t.db.db
      .selectFrom('capabilities')
      .selectAll()
      .where('purpose', '=', 'calendar')
      .where('subject_id', '=', owner.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organization_id: owner.organizationId,
      token_hash: tokenHash(token),
      revoked_at: null,
    });
    expect(JSON.stringify(rows)).not.toContain(token);

    // No session needed: the link is the capability.
    const feed = await fetchFeed(first);
    expect(feed.status, feed.body).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.cacheControl).toBe('private, no-store');
    const calendar = feed.calendar as Parsed;
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('PropertyDNA');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT6H');
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT6H');
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.body.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    console.log(`empty feed of ${feed.body.length} bytes: ${feed.body.split('\r\n').length} lines`);
  });

  it("holds every task as a recurring all-day event (RRULE by frequency, stable UID, alarm 7 days before) and every certificate and policy expiry (alarm 30 days before); never an archived property's or another organisation's", async () => {
    const owner = await httpOwner(t, origin);
    const home = await addProperty(owner, 'Kloof House');
    const tasks = {
      monthly: await addTask(owner, home, {
        title: 'Service the pool pump',
        description: 'Clean the filter; check the pump seals',
        frequency: 'monthly',
        priority: 'high',
        next_due: '2027-01-15',
        assigned_to: 'Blue Pools',
      }),
      quarterly: await addTask(owner, home, {
        title: 'Clean gutters',
        frequency: 'quarterly',
        next_due: '2027-03-01',
      }),
      biAnnually: await addTask(owner, home, {
        title: 'Test the alarm backup battery',
        frequency: 'bi-annually',
        priority: 'critical',
        next_due: '2027-05-10',
      }),
      annually: await addTask(owner, home, {
        title: 'Geyser service (SANS 10254)',
        frequency: 'annually',
        next_due: '2027-07-20',
      }),
    };
    const certificate = await addDocument(owner, home, 'certificate', 'Electrical CoC', '2027-09-30');
    const policy = await addDocument(owner, home, 'policy', 'Home policy schedule', '2027-12-01');
    await addDocument(owner, home, 'deed', 'Title deed');

    // An archived property's task and certificate, and another organisation's task, never appear.
    const sold = await addProperty(owner, 'Sold Flat');
    await addTask(owner, sold, { title: 'Sold flat task', frequency: 'monthly', next_due: '2027-02-01' });
    await addDocument(owner, sold, 'certificate', 'Sold flat gas CoC', '2027-04-01');
    expect((await owner.call('POST', `/api/properties/${sold}/archive`)).statusCode).toBe(200);
    const rival = await httpOwner(t, origin);
    const rivalTask = await addTask(rival, await addProperty(rival, 'Rival House'), {
      title: 'Rival secret task',
      frequency: 'monthly',
      next_due: '2027-01-10',
    });

    const feed = await feedEvents(owner);
    const { events } = feed;
    expect([...events.keys()].sort()).toEqual(
      [
        ...Object.values(tasks).map((id) => `maintenance-${id}@propertydna`),
        `expiry-${certificate}@propertydna`,
        `expiry-${policy}@propertydna`,
      ].sort(),
    );
    expect(feed.body).not.toContain('Sold');
    expect(feed.body).not.toContain('Rival');
    // Every date is an all-day DATE: no time zone is needed, none is written.
    expect(feed.body).not.toMatch(/TZID|VTIMEZONE|X-WR-TIMEZONE/);

    const pump = events.get(`maintenance-${tasks.monthly}@propertydna`);
    if (!pump) throw new Error('the monthly task is missing');
    expect(pump.event.summary).toBe('Service the pool pump · Kloof House');
    expect(pump.event.description).toBe(
      'Clean the filter; check the pump seals\nPriority: High\nEvery month\nAssigned to: Blue Pools',
    );
    expect(pump.event.startDate.isDate).toBe(true);
    expect(pump.event.startDate.toString()).toBe('2027-01-15');
    expect(pump.event.endDate.toString()).toBe('2027-01-16');
    expect(pump.vevent.getFirstPropertyValue('url')).toBe(`${origin}/maintenance`);
    expect(alarmOf(pump.vevent)).toEqual({ action: 'DISPLAY', triggerSeconds: -7 * 24 * 3600 });

    const rules = Object.fromEntries(
      Object.entries(tasks).map(([frequency, id]) => {
        const { event, vevent } = events.get(`maintenance-${id}@propertydna`) ?? {};
        if (!event || !vevent) throw new Error(`the ${frequency} task is missing`);
        const rrule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
        expect(alarmOf(vevent).triggerSeconds, frequency).toBe(-7 * 24 * 3600);
        expect(event.isRecurring()).toBe(true);
        return [frequency, { freq: rrule.freq, interval: rrule.interval, next: occurrences(event, 3) }];
      }),
    );
    expect(rules).toEqual({
      monthly: { freq: 'MONTHLY', interval: 1, next: ['2027-01-15', '2027-02-15', '2027-03-15'] },
      quarterly: { freq: 'MONTHLY', interval: 3, next: ['2027-03-01', '2027-06-01', '2027-09-01'] },
      biAnnually: { freq: 'MONTHLY', interval: 6, next: ['2027-05-10', '2027-11-10', '2028-05-10'] },
      annually: { freq: 'YEARLY', interval: 1, next: ['2027-07-20', '2028-07-20', '2029-07-20'] },
    });
    expect(feed.body).toContain('RRULE:FREQ=MONTHLY;INTERVAL=3\r\n');
    expect(feed.body).toContain('RRULE:FREQ=YEARLY\r\n');

    const coc = events.get(`expiry-${certificate}@propertydna`);
    if (!coc) throw new Error('the certificate expiry is missing');
    expect(coc.event.summary).toBe('Expires: Electrical CoC · Kloof House');
    expect(coc.event.startDate.isDate).toBe(true);
    expect(coc.event.startDate.toString()).toBe('2027-09-30');
    expect(coc.event.isRecurring()).toBe(false);
    expect(coc.vevent.getFirstPropertyValue('url')).toBe(`${origin}/properties/${home}`);
    expect(alarmOf(coc.vevent)).toEqual({ action: 'DISPLAY', triggerSeconds: -30 * 24 * 3600 });
    const schedule = events.get(`expiry-${policy}@propertydna`);
    expect(schedule?.event.summary).toBe('Expires: Home policy schedule · Kloof House');
    expect(schedule?.event.startDate.toString()).toBe('2027-12-01');

    // UIDs are stable: editing a task moves its event, under the same UID.
    const moved = await owner.call('PATCH', `/api/maintenance/${tasks.quarterly}`, {
      next_due: '2027-04-01',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = (await feedEvents(owner)).events;
    expect(again.get(`maintenance-${tasks.quarterly}@propertydna`)?.event.startDate.toString()).toBe(
      '2027-04-01',
    );

    // The rival's own feed holds the rival's task only.
    const rivalFeed = (await feedEvents(rival)).events;
    expect([...rivalFeed.keys()]).toEqual([`maintenance-${rivalTask}@propertydna`]);
    console.log(`feed with ${events.size} events: ${JSON.stringify(rules)}`);
  });

  it("a task due on the 31st recurs on the shorter months' last day, as the domain's next due date does", async () => {
    const owner = await httpOwner(t, origin);
    const home = await addProperty(owner, 'Month End');
    const monthly = await addTask(owner, home, {
      title: 'Monthly',
      frequency: 'monthly',
      next_due: '2027-01-31',
    });
    const quarterly = await addTask(owner, home, {
      title: 'Quarterly',
      frequency: 'quarterly',
      next_due: '2027-08-31',
    });
    const leap = await addTask(owner, home, { title: 'Leap', frequency: 'annually', next_due: '2028-02-29' });
    const thirtieth = await addTask(owner, home, {
      title: 'Thirtieth',
      frequency: 'monthly',
      next_due: '2027-01-30',
    });
    const feed = await feedEvents(owner);
    const { events } = feed;
    const next = (id: string, count: number) => {
      const found = events.get(`maintenance-${id}@propertydna`);
      if (!found) throw new Error(`task ${id} is missing`);
      return occurrences(found.event, count);
    };
    expect(next(monthly, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(next(quarterly, 3)).toEqual(['2027-08-31', '2027-11-30', '2028-02-29']);
    expect(next(leap, 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    // The 30th has no portable month-end rule: a February without it is skipped (RFC 5545), never misdated.
    expect(next(thirtieth, 3)).toEqual(['2027-01-30', '2027-03-30', '2027-04-30']);
    expect(feed.body).toContain('RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1\r\n');
    expect(feed.body).toContain('RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n');
  });

  it('rotating revokes the old URL (404 like an unknown one) and answers a new one, which GET then answers', async () => {
    const owner = await httpOwner(t, origin);
    const old = await feedUrl(owner);
    const rotated = await owner.call('POST', '/api/calendar/rotate');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().url;
    expect(fresh).toMatch(FEED_URL);
    expect(fresh).not.toBe(old);
    expect(await feedUrl(owner)).toBe(fresh);

    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toEqual({ error: FEED_NOT_FOUND });
    expect((await fetchFeed(fresh)).status).toBe(200);

    // The tRPC door rotates too.
    const trpc = await fetch(`${origin}/trpc/calendar.rotate`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(trpc.status).toBe(200);
    const third = ((await trpc.json()) as { result: { data: { url: string } } }).result.data.url;
    expect(third).not.toBe(fresh);
    expect((await fetchFeed(fresh)).status).toBe(404);
    expect((await fetchFeed(third)).status).toBe(200);
    const live = await t.db.db
      .selectFrom('capabilities')
      .select('id')
      .where('purpose', '=', 'calendar')
      .where('subject_id', '=', owner.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('unknown, malformed and extension-less tokens answer 404; the URL needs a session, the feed does not', async () => {
    const owner = await httpOwner(t, origin);
    const url = await feedUrl(owner);
    const token = FEED_URL.exec(url)?.[1] ?? '';
    const unknown = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const path of [
      `/api/calendar/${unknown}.ics`,
      `/api/calendar/${token}`,
      `/api/calendar/${token}.ics.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${encodeURIComponent(`${token.slice(1)}\u0000`)}.ics`,
      '/api/calendar/rotate',
    ]) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: FEED_NOT_FOUND });
    }
    expect((await fetch(`${origin}/api/calendar`)).status).toBe(401);
    expect((await fetch(`${origin}/api/calendar/rotate`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url)).status).toBe(200);
  });

  it('a feed made under another APP_SECRET is retired: its URL answers 404 and GET /api/calendar makes a new one', async () => {
    const owner = await httpOwner(t, origin);
    const url = await feedUrl(owner);
    const token = FEED_URL.exec(url)?.[1] ?? '';
    const otherSecret = 'another-secret-another-secret-another-secret';
    expect(await findFeed(t.db.db, TEST_SECRET, token)).not.toBeNull();
    expect(await findFeed(t.db.db, otherSecret, token)).toBeNull();

    const actor = {
      userId: owner.userId,
      organizationId: owner.organizationId,
      userType: 'homeowner' as const,
      role: 'owner' as const,
      sessionId: 'test',
      via: 'bearer' as const,
    };
    const renewed = await feedToken(t.db.db, otherSecret, actor);
    expect(renewed).not.toBe(token);
    expect(await feedToken(t.db.db, otherSecret, actor)).toBe(renewed);
    expect(await findFeed(t.db.db, otherSecret, renewed)).not.toBeNull();
    // The old feed was revoked when the new one was made.
    expect((await fetchFeed(url)).status).toBe(404);
  });
});
