// A local PayFast sandbox (issue 31 §5): an in-process HTTP server that implements PayFast's documented
// protocol — the hosted page takes the checkout form and checks its signature; "paying" sends an ITN
// signed as PayFast signs it (every variable in order, passphrase appended, MD5); the validation
// endpoint answers VALID for an ITN it sent; the subscriptions API cancels with a signed request.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { payfastParamString } from '@propertydna/domain';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export interface SandboxOrder {
  fields: Array<[string, string]>;
  field(name: string): string;
}

export interface PayfastSandbox {
  url: string;
  processUrl: string;
  validateUrl: string;
  apiUrl: string;
  merchantId: string;
  merchantKey: string;
  passphrase: string;
  /** Checkout forms the hosted page accepted (signature right). */
  orders: SandboxOrder[];
  /** Forms refused, with why. */
  refused: string[];
  /** Tokens cancelled through the API. */
  cancelled: string[];
  /** What the validation endpoint answers for an ITN it sent ('VALID' unless a test says otherwise). */
  validateAnswer: 'VALID' | 'INVALID';
  /**
   * The ITN PayFast would post for an order: its variables in PayFast's order, signed. `overrides`
   * change variables before signing (a wrong amount, a failed payment), `tamper` after (a bad signature).
   */
  itnFor(
    order: SandboxOrder,
    options?: { pfPaymentId?: string; overrides?: Record<string, string>; tamper?: Record<string, string> },
  ): string;
  close(): Promise<void>;
}

let payments = 0;

export async function startPayfastSandbox({
  merchantId = '10000100',
  merchantKey = '46f0cd694581a',
  passphrase = 'jt7NOE43FZPn',
}: {
  merchantId?: string;
  merchantKey?: string;
  passphrase?: string;
} = {}): Promise<PayfastSandbox> {
  const sent = new Set<string>();
  const sandbox = {
    orders: [] as SandboxOrder[],
    refused: [] as string[],
    cancelled: [] as string[],
    validateAnswer: 'VALID' as 'VALID' | 'INVALID',
  };
  const readBody = (request: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const body = await readBody(request);
    if (request.method === 'POST' && url.pathname === '/eng/process') {
      const fields = [...new URLSearchParams(body).entries()];
      const field = (name: string) => fields.find(([key]) => key === name)?.[1] ?? '';
      const unsigned = fields.filter(([key]) => key !== 'signature');
      const expected = md5(payfastParamString(unsigned, passphrase));
      let refusal: string | null = null;
      if (field('merchant_id') !== merchantId || field('merchant_key') !== merchantKey)
        refusal = 'Invalid merchant';
      else if (field('signature') !== expected)
        refusal = 'Generated signature does not match submitted signature';
      if (refusal) {
        sandbox.refused.push(refusal);
        response.writeHead(400, { 'content-type': 'text/html' }).end(`<p>${refusal}</p>`);
        return;
      }
      const order = { fields, field };
      sandbox.orders.push(order);
      const index = sandbox.orders.length - 1;
      // The hosted page: "Complete payment" sends the ITN (server-to-server) and returns the buyer.
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>PayFast sandbox</title><h1>PayFast sandbox</h1><p>R${field('amount')} — ${field('item_name')}</p>` +
            `<form method="post" action="/eng/pay/${index}"><button type="submit">Complete payment</button></form>` +
            `<a href="${field('cancel_url')}">Cancel payment</a>`,
        );
      return;
    }
    const pay = /^\/eng\/pay\/(\d+)$/.exec(url.pathname);
    if (request.method === 'POST' && pay) {
      const order = sandbox.orders[Number(pay[1])];
      if (!order) {
        response.writeHead(404).end();
        return;
      }
      const itn = api.itnFor(order);
      await fetch(order.field('notify_url'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: itn,
      }).catch(() => undefined);
      response.writeHead(303, { location: order.field('return_url') }).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/eng/query/validate') {
      const answer = sent.has(body) ? sandbox.validateAnswer : 'INVALID';
      response.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
      return;
    }
    const cancel = /^\/subscriptions\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'PUT' && cancel) {
      const header = (name: string) => String(request.headers[name] ?? '');
      const variables: Record<string, string> = {
        'merchant-id': header('merchant-id'),
        passphrase,
        timestamp: header('timestamp'),
        version: header('version'),
      };
      const sorted = Object.entries(variables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const expected = md5(payfastParamString(sorted, null, { skipEmpty: false }));
      if (header('merchant-id') !== merchantId || header('signature') !== expected) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"status":"failed"}');
        return;
      }
      sandbox.cancelled.push(decodeURIComponent(cancel[1] ?? ''));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"code":200,"status":"success","data":{"response":true}}');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: PayfastSandbox = {
    get orders() {
      return sandbox.orders;
    },
    get refused() {
      return sandbox.refused;
    },
    get cancelled() {
      return sandbox.cancelled;
    },
    get validateAnswer() {
      return sandbox.validateAnswer;
    },
    set validateAnswer(value) {
      sandbox.validateAnswer = value;
    },
    url: base,
    processUrl: `${base}/eng/process`,
    validateUrl: `${base}/eng/query/validate`,
    apiUrl: base,
    merchantId,
    merchantKey,
    passphrase,
    itnFor(order, { pfPaymentId, overrides = {}, tamper = {} } = {}) {
      const amount = order.field('amount');
      const fee = '2.28';
      const variables: Record<string, string> = {
        m_payment_id: order.field('m_payment_id'),
        pf_payment_id: pfPaymentId ?? String(1_000_000 + ++payments),
        payment_status: 'COMPLETE',
        item_name: order.field('item_name'),
        item_description: '',
        amount_gross: amount,
        amount_fee: `-${fee}`,
        amount_net: (Number(amount) - Number(fee)).toFixed(2),
        custom_str1: '',
        custom_int1: '',
        name_first: order.field('name_first'),
        name_last: order.field('name_last'),
        email_address: order.field('email_address'),
        merchant_id: merchantId,
        token: `tok-${order.field('m_payment_id')}`,
        billing_date: order.field('billing_date'),
        ...overrides,
      };
      const pairs = Object.entries(variables);
      const paramString = payfastParamString(pairs, null, { skipEmpty: false });
      sent.add(paramString);
      const signature = md5(payfastParamString(pairs, passphrase, { skipEmpty: false }));
      const signed = new URLSearchParams([...pairs, ['signature', signature]]);
      for (const [key, value] of Object.entries(tamper)) signed.set(key, value);
      return signed.toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
