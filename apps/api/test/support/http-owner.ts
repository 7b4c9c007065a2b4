import { createHash } from 'node:crypto';
import { signUpAndLogIn } from './accounts.js';
import type { TestApp } from './app.js';

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface HttpResponse {
  statusCode: number;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
  json: () => any;
}

/**
 * A signed-up owner (or supplier) calling the API over real HTTP at `origin` (the signed upload URLs the API hands
 * out are absolute to the address it was called at), with the §7 upload: sign, PUT, register.
 */
export async function httpOwner(
  t: TestApp,
  origin: string,
  {
    userType = 'homeowner',
    ...options
  }: { plan?: 'free' | 'premium'; userType?: 'homeowner' | 'supplier'; verified?: boolean } = {},
) {
  const account = await signUpAndLogIn(t, userType, options);
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<HttpResponse> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers:
        payload === undefined ? account.headers : { ...account.headers, 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };
  /** Uploads `content` and registers it with `fields` (property_id, kind, metadata, …): the register answer. */
  const upload = async (content: Buffer, contentType: string, fields: Record<string, unknown>) => {
    const signed = await call('POST', '/api/documents/sign', {
      contentType,
      sha256: sha256Hex(content),
      bytes: content.length,
    });
    if (signed.statusCode !== 200) throw new Error(`sign failed: ${signed.statusCode} ${signed.body}`);
    const { url, storageKey } = signed.json();
    const put = await fetch(url, { method: 'PUT', body: content, headers: { 'content-type': contentType } });
    if (put.status !== 200) throw new Error(`PUT failed: ${put.status}`);
    return call('POST', '/api/documents', {
      storage_key: storageKey,
      sha256: sha256Hex(content),
      bytes: content.length,
      content_type: contentType,
      ...fields,
    });
  };
  return { ...account, call, upload };
}
export type HttpOwner = Awaited<ReturnType<typeof httpOwner>>;
