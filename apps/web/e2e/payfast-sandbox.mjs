/**
 * The local PayFast sandbox of the browser test (issue 31 §5), a twin of
 * apps/api/test/support/payfast-sandbox.ts (which a .mjs cannot import: TypeScript and the domain
 * package): an HTTP server in the test process implementing PayFast's documented protocol — the hosted
 * page takes the checkout form and checks its MD5 signature (passphrase appended); "Complete payment"
 * posts the ITN, signed as PayFast signs it (every variable in its order, passphrase appended), to the
 * order's notify_url and returns the buyer to its return_url; the validation endpoint answers VALID for
 * an ITN it sent. Not a test file: only *.e2e.mjs are run.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';

const md5 = (text) => createHash('md5').update(text).digest('hex');

/** PHP's urlencode, as PayFast signs: spaces as '+', upper-case escapes, only [A-Za-z0-9-_.] bare. */
const encode = (value) =>
  encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** The parameter string: key=value in order (empty values skipped for a form), the passphrase last. */
function paramString(fields, passphrase, { skipEmpty = true } = {}) {
  const pairs = fields
    .filter(([key, value]) => key !== 'signature' && (!skipEmpty || value.trim() !== ''))
    .map(([key, value]) => `${key}=${encode(value.trim())}`);
  if (passphrase) pairs.push(`passphrase=${encode(passphrase)}`);
  return pairs.join('&');
}

const escapeHtml = (value) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

let payments = 0;

export async function startPayfastSandbox({
  merchantId = '10000100',
  merchantKey = '46f0cd694581a',
  passphrase = 'jt7NOE43FZPn',
} = {}) {
  const orders = [];
  const refused = [];
  const itns = [];
  const sent = new Set();
  const readBody = (request) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  /** The ITN PayFast posts for an order: its variables in PayFast's order, then the signature. */
  function itnFor(order) {
    const field = (name) => order.find(([key]) => key === name)?.[1] ?? '';
    const amount = field('amount');
    const variables = [
      ['m_payment_id', field('m_payment_id')],
      ['pf_payment_id', String(2_000_000 + ++payments)],
      ['payment_status', 'COMPLETE'],
      ['item_name', field('item_name')],
      ['item_description', ''],
      ['amount_gross', amount],
      ['amount_fee', '-2.28'],
      ['amount_net', (Number(amount) - 2.28).toFixed(2)],
      ['custom_str1', ''],
      ['custom_int1', ''],
      ['name_first', field('name_first')],
      ['name_last', field('name_last')],
      ['email_address', field('email_address')],
      ['merchant_id', merchantId],
      ['token', `tok-${field('m_payment_id')}`],
      ['billing_date', field('billing_date')],
    ];
    sent.add(paramString(variables, null, { skipEmpty: false }));
    const signature = md5(paramString(variables, passphrase, { skipEmpty: false }));
    return new URLSearchParams([...variables, ['signature', signature]]).toString();
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const body = await readBody(request);
    if (request.method === 'POST' && url.pathname === '/eng/process') {
      const fields = [...new URLSearchParams(body).entries()];
      const field = (name) => fields.find(([key]) => key === name)?.[1] ?? '';
      let refusal = null;
      if (field('merchant_id') !== merchantId || field('merchant_key') !== merchantKey)
        refusal = 'Invalid merchant';
      else if (field('signature') !== md5(paramString(fields, passphrase)))
        refusal = 'Generated signature does not match submitted signature';
      if (refusal) {
        refused.push(refusal);
        response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<p>${refusal}</p>`);
        return;
      }
      orders.push(fields);
      // The hosted page: the order, "Complete payment" (sends the ITN, returns the buyer) and Cancel.
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayFast sandbox</title></head><body><main>` +
            `<h1>PayFast sandbox</h1><p>R${escapeHtml(field('amount'))} — ${escapeHtml(field('item_name'))}</p>` +
            `<form method="post" action="/eng/pay/${orders.length - 1}"><button type="submit">Complete payment</button></form>` +
            `<p><a href="${escapeHtml(field('cancel_url'))}">Cancel payment</a></p></main></body></html>`,
        );
      return;
    }
    const pay = /^\/eng\/pay\/(\d+)$/.exec(url.pathname);
    if (request.method === 'POST' && pay) {
      const order = orders[Number(pay[1])];
      if (!order) {
        response.writeHead(404).end();
        return;
      }
      const notifyUrl = order.find(([key]) => key === 'notify_url')?.[1] ?? '';
      const answer = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: itnFor(order),
      }).catch((error) => ({ status: 0, text: async () => String(error) }));
      itns.push({ status: answer.status, body: await answer.text() });
      const returnUrl = order.find(([key]) => key === 'return_url')?.[1] ?? '/';
      response.writeHead(303, { location: returnUrl }).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/eng/query/validate') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(sent.has(body) ? 'VALID' : 'INVALID');
      return;
    }
    // The browser asks the hosted page for its icon: it has none to give.
    if (request.method === 'GET' && url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    processUrl: `${base}/eng/process`,
    validateUrl: `${base}/eng/query/validate`,
    apiUrl: base,
    merchantId,
    merchantKey,
    passphrase,
    orders,
    refused,
    /** Each ITN posted, with the app's answer. */
    itns,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
