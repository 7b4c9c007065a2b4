import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

describe(`the request log keeps no secret link's token (${databaseKind})`, () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('redacts the token of share links, upload invites and calendar feeds, and tRPC input', () => {
    expect(redactUrl('/api/invites/AbC_123/sign')).toBe('/api/invites/[token]/sign');
    expect(redactUrl('/api/share/AbC_123/download/x?y=1')).toBe('/api/share/[token]/download/x?y=1');
    expect(redactUrl('/api/calendar/AbC.ics')).toBe('/api/calendar/[token]');
    expect(redactUrl('/invite/AbC_123')).toBe('/invite/[token]');
    expect(redactUrl('/trpc/invites.view?input=%7B%22token%22%3A%22AbC%22%7D')).toBe(
      '/trpc/invites.view?[input]',
    );
    expect(redactUrl('/api/properties?limit=5')).toBe('/api/properties?limit=5');
  });

  it('writes the redacted URL for a real request', async () => {
    const token = 'SeCrEt-TokEn-0123456789abcdefghij';
    await t.app.inject({ method: 'GET', url: `/api/invites/${token}` });
    await t.app.inject({
      method: 'GET',
      url: `/trpc/invites.view?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    });
    const log = lines.join('');
    expect(log).toContain('/api/invites/[token]');
    expect(log).toContain('/trpc/invites.view?[input]');
    expect(log).not.toContain(token);
  });
});
