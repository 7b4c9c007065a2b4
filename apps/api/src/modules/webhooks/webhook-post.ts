import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './webhook-address.js';

export interface PostAnswer {
  /** The HTTP status, or null when none came (refused, timed out, TLS error). */
  status: number | null;
  error: string | null;
}

/**
 * POSTs a webhook body to `url`, connecting to `address` (the address resolveWebhookAddress checked, so
 * no second lookup can point the connection elsewhere); TLS still checks the certificate against the URL's
 * host name. Redirects are not followed (a 3xx is an answer like any other non-2xx). Whatever happens
 * within `timeoutMs` — the whole exchange, not each packet — is the answer; the body is not kept.
 */
export function postWebhook(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostAnswer> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = send(url, {
      method: 'POST',
      agent: false,
      lookup,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'PropertyDNA-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
      settle({ status: null, error: `No answer within ${limit}` });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      // The status is the answer; the body is read and dropped so the connection can end.
      response.resume();
      response.on('end', () => settle({ status: response.statusCode ?? null, error: null }));
      response.on('error', () => settle({ status: response.statusCode ?? null, error: null }));
    });
    request.on('error', (error) => settle({ status: null, error: error.message.slice(0, 200) }));
    request.end(body);
  });
}
