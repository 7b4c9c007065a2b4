import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPropertyDnaClient } from '@propertydna/client';
import { listProperties, uploadCertificate, verifyWebhook } from '@propertydna/client/example';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryJob } from '../src/modules/webhooks/webhook-delivery.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { waitFor } from './support/wait.js';

/** Everything after the generator's header comment: the types themselves. */
const typesOf = (source: string) => source.slice(source.indexOf('export '));

/** A webhook receiver in this process (127.0.0.1, which only WEBHOOKS_ALLOW_PRIVATE lets a webhook reach). */
async function startReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe(`the typed client for scripts (issue 30 §6, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let origin: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_DELAYS_SECONDS: '0' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await signUpAndLogIn(t);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("is generated from the document the app serves: packages/client/src/schema.d.ts is today's", async () => {
    const committed = await readFile(
      new URL('../../../packages/client/src/schema.d.ts', import.meta.url),
      'utf8',
    );
    // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript takes the document as any OpenAPI object
    const generated = astToString(await openapiTS(t.app.swagger() as any));
    // The first lines that differ, so a failure shows what changed.
    const [was, now] = [typesOf(committed).split('\n'), typesOf(generated).split('\n')];
    const first = was.findIndex((line, index) => line !== now[index]);
    expect(
      first === -1 && was.length === now.length
        ? []
        : [was.slice(first, first + 6), now.slice(first, first + 6)],
      'the OpenAPI document changed: run `pnpm --filter @propertydna/client generate` and commit schema.d.ts',
    ).toEqual([]);
  });

  it('runs the README example against the app: list properties, upload a certificate, verify a webhook', async () => {
    const client = createPropertyDnaClient({ baseUrl: origin, token: owner.token });
    const created = await client.POST('/api/properties', {
      body: {
        name: 'Harbour View',
        address: '12 Beach Road, Muizenberg',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'City of Cape Town',
        parcel_id: 'ERF 4521',
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);

    // A webhook endpoint for the upload's event, registered with the same client.
    const endpoint = await client.POST('/api/webhooks', {
      body: { url: receiver.url, events: ['document.created'], description: 'example script' },
    });
    expect(endpoint.response.status, JSON.stringify(endpoint.error)).toBe(201);

    const properties = await listProperties(client);
    expect(properties.map((property) => property.name)).toEqual(['Harbour View']);
    const [property] = properties;

    const bytes = Buffer.from('%PDF-1.4\n% an electrical certificate of compliance\n%%EOF\n');
    const document = await uploadCertificate(client, {
      propertyId: property?.id ?? '',
      name: 'Electrical CoC.pdf',
      bytes,
      contentType: 'application/pdf',
    });
    expect(document).toMatchObject({
      property_id: property?.id,
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
    });

    // The vault lists it, as the app's own screens would.
    const listed = await client.GET('/api/properties/{id}/documents', {
      params: { path: { id: property?.id ?? '' } },
    });
    expect(listed.data?.map((row) => row.id)).toContain(document.id);

    // The event is delivered, and the example's check accepts our signature with the endpoint's secret…
    await waitFor(async () => {
      await t.services.jobs.runQueued(webhookDeliveryJob);
      return receiver.received.length > 0;
    });
    const [delivery] = receiver.received;
    const secret = endpoint.data?.secret ?? '';
    const event = verifyWebhook(secret, delivery?.headers ?? {}, delivery?.body ?? '');
    expect(event.type).toBe('document.created');
    expect(JSON.stringify(event.data)).toContain(document.id);
    // …and refuses a body changed on the way, or another endpoint's secret.
    expect(() => verifyWebhook(secret, delivery?.headers ?? {}, `${delivery?.body} `)).toThrow();
    expect(() =>
      verifyWebhook(
        `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        delivery?.headers ?? {},
        delivery?.body ?? '',
      ),
    ).toThrow();
  });

  it("answers the API's refusal as an error, with its message", async () => {
    const client = createPropertyDnaClient({ baseUrl: origin, token: owner.token });
    const missing = await client.GET('/api/properties/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.data).toBeUndefined();
    const anonymous = createPropertyDnaClient({ baseUrl: origin });
    const refused = await listProperties(anonymous).catch((error: Error) => error.message);
    expect(refused).toMatch(/^Listing properties failed: /);
  });
});
