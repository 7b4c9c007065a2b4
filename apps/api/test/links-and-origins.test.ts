import { createHash } from 'node:crypto';
import { ROOFING_SERVICE_REPORT_V1 } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const APP_URL = 'https://app.propertydna.test';
/** What a request can claim about where it was sent: its Host, and behind a proxy the forwarded ones. */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Issue 25 §2: links come from APP_URL and never from what a request says about its own address, the
 * CSRF check compares the whole origin (scheme, host and port), and a file is saved under a name whose
 * extension is the type it was served as.
 */
describe(`links, origins and saved file names (${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let supplier: TestAccount;
  let propertyId: string;
  /** A text/plain document whose name says HTML. */
  let page: { id: string; storage_key: string };

  beforeAll(async () => {
    // Behind a proxy (TRUST_PROXY), so X-Forwarded-Host and -Proto are read: they still make no link.
    t = await createTestApp({ APP_URL, TRUST_PROXY: 'true' });
    owner = await signUpAndLogIn(t, 'homeowner');
    supplier = await signUpAndLogIn(t, 'supplier');
    const property = await call(owner, 'POST', '/api/properties', {
      name: 'Kalk Bay cottage',
      address: '3 Main Road, Kalk Bay',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `L${process.pid}`,
      unit: '',
      deed_number: '',
    });
    expect(property.statusCode, property.body).toBe(201);
    propertyId = property.json().id;
    const text = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n');
    page = await upload(owner, text, 'text/plain', {
      property_id: propertyId,
      kind: 'other',
      name: 'page.html',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(
    who: TestAccount | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = FORGED,
  ) {
    return t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Json }),
      headers: { ...headers, ...(who ? who.headers : {}) },
    });
  }

  /** The §7 upload (sign, PUT to the signed URL, register); answers the registered document. */
  async function upload(who: TestAccount, content: Buffer, contentType: string, fields: Json) {
    const signed = await call(who, 'POST', '/api/documents/sign', {
      contentType,
      sha256: sha256(content),
      bytes: content.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const url = new URL(signed.json().url);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      payload: content,
      headers: { 'content-type': contentType },
    });
    expect(put.statusCode, put.body).toBe(200);
    const registered = await call(who, 'POST', '/api/documents', {
      storage_key: signed.json().storageKey,
      sha256: sha256(content),
      bytes: content.length,
      content_type: contentType,
      ...fields,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    return registered.json() as { id: string; storage_key: string };
  }

  describe('every link is built from APP_URL', () => {
    it('answers share, feed, invite and upload links on APP_URL, whatever Host and X-Forwarded-* say', async () => {
      const answers: unknown[] = [];
      const answer = async (response: Promise<{ statusCode: number; body: string; json: () => Json }>) => {
        const res = await response;
        expect(res.statusCode, res.body).toBeLessThan(300);
        answers.push(res.json());
        return res.json();
      };

      // A property's share link, and a supplier's job share link.
      const propertyShare = await answer(
        call(owner, 'POST', `/api/properties/${propertyId}/share`, {
          password: null,
          documentIds: [page.id],
        }),
      );
      expect(propertyShare.url).toBe(`${APP_URL}/share/${propertyShare.token}`);
      const job = await answer(
        call(supplier, 'POST', '/api/supplier/jobs', {
          property_address: '9 Main Rd, Kalk Bay',
          client_name: 'M. Naidoo',
          description: 'Roof repair',
        }),
      );
      await answer(
        call(supplier, 'POST', `/api/supplier/jobs/${job.id}/reports`, {
          templateId: ROOFING_SERVICE_REPORT_V1.id,
          answers: {
            job_ref: job.job_ref,
            inspection_date: '2026-11-20',
            roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
            condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
            work_performed: 'Fixed the flashing.',
          },
        }),
      );
      const jobShare = await answer(
        call(supplier, 'POST', `/api/supplier/jobs/${job.id}/share`, { password: null }),
      );
      expect(jobShare.url).toBe(`${APP_URL}/share/${jobShare.token}`);
      const trpcShare = await answer(
        call(
          supplier,
          'POST',
          '/trpc/shares.shareJob',
          { jobId: job.id, password: null },
          {
            ...FORGED,
            origin: APP_URL,
          },
        ),
      );
      expect((trpcShare.result as { data: Json }).data.url).toMatch(new RegExp(`^${APP_URL}/share/`));

      // The calendar feed, on both doors and after a rotation; and the links inside the feed.
      const feedUrl = new RegExp(`^${APP_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`);
      expect((await answer(call(owner, 'GET', '/api/calendar'))).url).toMatch(feedUrl);
      const trpcFeed = await answer(call(owner, 'GET', '/trpc/calendar.feed'));
      expect((trpcFeed.result as { data: Json }).data.url).toMatch(feedUrl);
      const rotated = String((await answer(call(owner, 'POST', '/api/calendar/rotate', {}))).url);
      expect(rotated).toMatch(feedUrl);
      await answer(
        call(owner, 'POST', '/api/maintenance', {
          propertyId,
          title: 'Clean gutters',
          description: null,
          frequency: 'annually',
          priority: 'medium',
          next_due: '2027-04-30',
          assigned_to: null,
        }),
      );
      const feed = await call(null, 'GET', new URL(rotated).pathname);
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain(`URL;VALUE=URI:${APP_URL}/maintenance`);
      expect(feed.body).not.toContain('evil.example');

      // Signed upload URLs (the fs store's PUT route), for the vault and for a vendor's invite.
      const storage = new RegExp(`^${APP_URL}/storage/`);
      const content = Buffer.from('%PDF-1.7\n%%EOF\n');
      const declaration = { contentType: 'application/pdf', sha256: sha256(content), bytes: content.length };
      expect((await answer(call(owner, 'POST', '/api/documents/sign', declaration))).url).toMatch(storage);
      const batch = await answer(call(owner, 'POST', '/api/documents/sign-batch', { files: [declaration] }));
      expect(JSON.stringify(batch)).toMatch(new RegExp(`"url":"${APP_URL}/storage/`));
      const invite = await answer(
        call(owner, 'POST', '/api/vendors/invite', {
          name: 'Sipho Dlamini',
          email: `sipho.${process.pid}@sparks.co.za`,
          company: 'Sparks Electrical',
          propertyId,
        }),
      );
      const inviteUrl = String((invite.invite as Json).url);
      expect(inviteUrl).toMatch(new RegExp(`^${APP_URL}/invite/`));
      const inviteToken = new URL(inviteUrl).pathname.replace('/invite/', '');
      expect((await answer(call(null, 'POST', `/api/invites/${inviteToken}/sign`, declaration))).url).toMatch(
        storage,
      );

      // Nothing anywhere names the address the requests claimed.
      expect(JSON.stringify(answers)).not.toContain('evil.example');
    });
  });

  describe('the CSRF check compares scheme, host and port', () => {
    /** A cookie-borne tRPC mutation sent with this Origin (and the forged Host of FORGED unless told). */
    const rotateWithOrigin = (origin: string | null, app: TestApp = t, headers: Json = FORGED) =>
      app.app.inject({
        method: 'POST',
        url: '/trpc/calendar.rotate',
        payload: {},
        cookies: { auth_session: owner.token },
        headers: { ...(headers as Record<string, string>), ...(origin === null ? {} : { origin }) },
      });

    it("accepts only APP_URL's origin when it is set, whatever the Host says", async () => {
      expect((await rotateWithOrigin(APP_URL)).statusCode).toBe(200);
      expect((await rotateWithOrigin(`${APP_URL}:443`)).statusCode).toBe(200);
      for (const origin of [
        'http://app.propertydna.test', // the scheme differs
        'https://app.propertydna.test:8443', // the port differs
        'https://evil.example', // the host the request claims is no reason to trust it
        'http://evil.example',
        'https://propertydna.test',
        'null',
        'not a url',
      ]) {
        const res = await rotateWithOrigin(origin);
        expect(res.statusCode, origin).toBe(403);
        expect(res.json().error.message).toBe('Cross-site request refused');
      }
      expect((await rotateWithOrigin(null)).statusCode).toBe(403);
      // A Bearer request is no CSRF: no Origin needed.
      expect((await call(owner, 'POST', '/trpc/calendar.rotate', {})).statusCode).toBe(200);
    });

    it("without APP_URL, compares with the request's own origin: scheme (as the proxy tells it) and port too", async () => {
      const own = await createTestApp({ TRUST_PROXY: 'true' });
      try {
        const account = await signUpAndLogIn(own, 'homeowner');
        const send = (origin: string, headers: Record<string, string>) =>
          own.app.inject({
            method: 'POST',
            url: '/trpc/calendar.rotate',
            payload: {},
            cookies: { auth_session: account.token },
            headers: { ...headers, origin },
          });
        const plain = { host: 'app.example.co.za' };
        const tls = { host: 'app.example.co.za', 'x-forwarded-proto': 'https' };
        expect((await send('http://app.example.co.za', plain)).statusCode).toBe(200);
        expect((await send('https://app.example.co.za', tls)).statusCode).toBe(200);
        // Same host, another scheme or port: refused.
        expect((await send('https://app.example.co.za', plain)).statusCode).toBe(403);
        expect((await send('http://app.example.co.za', tls)).statusCode).toBe(403);
        expect((await send('http://app.example.co.za:8080', plain)).statusCode).toBe(403);
        expect(
          (await send('http://app.example.co.za:8080', { host: 'app.example.co.za:8080' })).statusCode,
        ).toBe(200);
      } finally {
        await own.close();
      }
    });
  });

  describe("a file is saved under its served type's extension", () => {
    const disposition = (value: unknown) => {
      const header = String(value);
      return {
        kind: header.split(';')[0],
        fallback: /filename="([^"]*)"/.exec(header)?.[1],
        utf8: decodeURIComponent(/filename\*=UTF-8''([^;]*)/.exec(header)?.[1] ?? ''),
      };
    };

    it('names a text/plain "page.html" page.html.txt on every download door, and in the ZIP exports', async () => {
      const saved = { kind: 'attachment', fallback: 'page.html.txt', utf8: 'page.html.txt' };
      for (const action of ['view', 'download']) {
        const res = await call(owner, 'GET', `/api/documents/${page.id}/${action}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/plain');
        expect(disposition(res.headers['content-disposition'])).toEqual(saved);
      }
      const share = await call(owner, 'POST', `/api/properties/${propertyId}/share`, {
        password: null,
        documentIds: [page.id],
      });
      const shared = await call(null, 'GET', `/api/share/${share.json().token}/download/${page.id}`);
      expect(shared.statusCode).toBe(200);
      expect(disposition(shared.headers['content-disposition'])).toEqual(saved);

      // A signed read of the fs store, asked for with the stored name.
      const read = await t.store.createReadUrl(page.storage_key, {
        disposition: 'inline',
        filename: 'logo.svg',
        contentType: 'text/plain',
      });
      const signed = await t.app.inject({ method: 'GET', url: read.url });
      expect(signed.statusCode).toBe(200);
      expect(disposition(signed.headers['content-disposition'])).toEqual({
        kind: 'attachment',
        fallback: 'logo.svg.txt',
        utf8: 'logo.svg.txt',
      });

      // Quick Export: the vault's files under documents/{kind}/, under the same names.
      const zip = await call(owner, 'GET', `/api/reports/quick-export?propertyId=${propertyId}`);
      expect(zip.statusCode).toBe(200);
      const files = await unzip(zip.rawPayload);
      expect([...files.keys()]).toContain('documents/other/page.html.txt');
      expect([...files.keys()].filter((path) => path.endsWith('.html'))).toEqual([]);
    });

    it('keeps a name that already ends in its type: a PDF stays "Roof report.PDF"', async () => {
      const pdf = Buffer.from('%PDF-1.7\n% roof\n%%EOF\n');
      const report = await upload(owner, pdf, 'application/pdf', {
        property_id: propertyId,
        kind: 'inspection',
        name: 'Roof report.PDF',
      });
      const res = await call(owner, 'GET', `/api/documents/${report.id}/view`);
      expect(disposition(res.headers['content-disposition'])).toEqual({
        kind: 'inline',
        fallback: 'Roof report.PDF',
        utf8: 'Roof report.PDF',
      });
    });
  });
});
