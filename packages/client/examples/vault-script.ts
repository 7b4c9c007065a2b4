/**
 * An example script for PropertyDNA's REST API with the typed client (README: "A typed client for
 * scripts"). It lists the organisation's properties, uploads a certificate to one of them the way every
 * upload goes (sign → PUT the bytes to the signed URL → register the document), and verifies a webhook
 * delivery's signature with the `standardwebhooks` package.
 *
 *   PROPERTYDNA_URL=http://localhost:3000 PROPERTYDNA_TOKEN=<token> \
 *     node --import tsx packages/client/examples/vault-script.ts <certificate.pdf>
 *
 * The token is a session token (`POST /api/auth/login` answers one) or an API token from /account.
 * Each step is also exported, so a test (apps/api/test/typed-client.test.ts) runs this very code against
 * the app.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import { createPropertyDnaClient, errorMessage, type paths, type Schema } from '../src/index.js';

type PropertyDna = Client<paths>;

/** Step 1: the organisation's properties (name, DNA code, compliance). */
export async function listProperties(client: PropertyDna): Promise<Schema<'Property'>[]> {
  const { data, error, response } = await client.GET('/api/properties');
  if (!data) throw new Error(`Listing properties failed: ${errorMessage(error, response)}`);
  return data;
}

/**
 * Step 2: uploads a certificate to a property's vault. The server is told the file's type, size and
 * SHA-256 first and answers a short-lived signed URL; the bytes go there; registering the document then
 * checks the stored bytes against what was declared.
 */
export async function uploadCertificate(
  client: PropertyDna,
  input: { propertyId: string; name: string; bytes: Uint8Array; contentType: string; fetch?: typeof fetch },
): Promise<Schema<'Document'>> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const signed = await client.POST('/api/documents/sign', {
    body: { contentType: input.contentType, sha256, bytes: input.bytes.byteLength },
  });
  if (!signed.data)
    throw new Error(`Signing the upload failed: ${errorMessage(signed.error, signed.response)}`);

  const put = await (input.fetch ?? fetch)(signed.data.url, {
    method: signed.data.method,
    headers: signed.data.headers,
    body: input.bytes,
  });
  if (!put.ok) throw new Error(`Storing the file failed: HTTP ${put.status}`);

  const registered = await client.POST('/api/documents', {
    body: {
      property_id: input.propertyId,
      kind: 'certificate',
      name: input.name,
      storage_key: signed.data.storageKey,
      sha256,
      bytes: input.bytes.byteLength,
      content_type: input.contentType,
    },
  });
  if (!registered.data) {
    throw new Error(
      `Registering the document failed: ${errorMessage(registered.error, registered.response)}`,
    );
  }
  return registered.data;
}

/**
 * Step 3, in the receiver of a webhook: the event, once its signature (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` over the raw body, with the endpoint's `whsec_` secret) is verified; throws when it
 * is not, or when the timestamp is more than five minutes off.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string>,
  rawBody: string,
): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(rawBody, headers) as { type: string; data: Record<string, unknown> };
}

async function main(file: string | undefined): Promise<void> {
  const baseUrl = process.env.PROPERTYDNA_URL;
  const token = process.env.PROPERTYDNA_TOKEN;
  if (!baseUrl || !token || !file) {
    console.error('usage: PROPERTYDNA_URL=… PROPERTYDNA_TOKEN=… vault-script.ts <certificate.pdf>');
    process.exit(2);
  }
  const client = createPropertyDnaClient({ baseUrl, token });
  const properties = await listProperties(client);
  for (const property of properties) console.log(`${property.dnaCode}  ${property.name}`);
  const [first] = properties;
  if (!first) {
    console.log('No property to upload to.');
    return;
  }
  const document = await uploadCertificate(client, {
    propertyId: first.id,
    name: path.basename(file),
    bytes: await readFile(file),
    contentType: file.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
  });
  console.log(`Uploaded ${document.name} to ${first.name} (${document.id})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv[2]);
}
