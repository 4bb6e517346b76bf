import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseStripeForm } from './form';
import { FakeStripeError, FakeStripeState } from './state';

type Answer = { status: number; body: unknown };
type Route = { method: string; pattern: RegExp; handle: (state: FakeStripeState, match: string[], params: Record<string, unknown>, url: URL) => unknown };

/** The subset of Stripe's REST API (v1) the `stripe` provider uses. */
const ROUTES: Route[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, handle: (s, _m, p) => s.createCustomer(p) },
  { method: 'GET', pattern: /^\/v1\/customers\/search$/, handle: (s, _m, _p, url) => s.searchCustomers(url.searchParams.get('query') ?? '') },
  { method: 'GET', pattern: /^\/v1\/payment_methods\/([^/]+)$/, handle: (s, [id]) => s.paymentMethod(id) },
  { method: 'POST', pattern: /^\/v1\/payment_intents$/, handle: (s, _m, p) => s.createIntent(p) },
  { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: (s, [id]) => s.intent(id) },
  { method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/, handle: (s, [id], p) => s.confirmIntent(id, p) },
  { method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, handle: (s, [id]) => s.cancelIntent(id) },
  { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handle: (s, [id]) => s.charge(id) },
  { method: 'POST', pattern: /^\/v1\/refunds$/, handle: (s, _m, p) => s.createRefund(p) },
  { method: 'GET', pattern: /^\/v1\/refunds$/, handle: (s, _m, _p, url) => s.listRefunds(url.searchParams.get('charge') ?? '') },
  { method: 'POST', pattern: /^\/v1\/accounts$/, handle: (s, _m, p) => s.createAccount(p) },
  { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handle: (s, [id]) => s.account(id) },
  { method: 'POST', pattern: /^\/v1\/account_links$/, handle: (s, _m, p, url) => s.createAccountLink(p, url.origin) },
  { method: 'POST', pattern: /^\/v1\/transfers$/, handle: (s, _m, p) => s.createTransfer(p) },
  { method: 'GET', pattern: /^\/v1\/transfers$/, handle: (s, _m, _p, url) => s.listTransfers(url.searchParams.get('transfer_group')) },
];

/**
 * A local stand-in for Stripe's HTTP API that the tests start on a random port, so the real SDK (pointed at it with
 * STRIPE_API_BASE) is exercised end to end: form-encoded bodies, `Idempotency-Key` (the same key answers the first
 * response again, with `Idempotent-Replayed: true`), Stripe's error bodies, and events for every change. Tests reach
 * its state directly (`fake.state`), confirm intents as the browser would (`confirmAsBrowser`), finish a mediator's
 * onboarding, and can drop responses after the effect was committed (`dropResponses`).
 */
export class FakeStripe {
  readonly state = new FakeStripeState();
  readonly secretKey = 'sk_test_fake_0123456789';
  readonly webhookSecret = 'whsec_fake_0123456789abcdef';
  /** Every request received: method, path and idempotency key (tests count calls with it). */
  readonly requests: { method: string; path: string; idempotencyKey: string | null }[] = [];
  private readonly replies = new Map<string, Answer>();
  private drops: { method: string; path: string; left: number }[] = [];
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The next `count` requests of this method whose path starts with `pathPrefix` take effect, then their connection is
   * cut before the answer is sent: the provider's call fails although the money moved. Count the SDK's own retries in.
   */
  dropResponses(method: 'GET' | 'POST', pathPrefix: string, count: number): void {
    this.drops.push({ method, path: pathPrefix, left: count });
  }

  /** What Stripe.js does when the lawyer pays in the card element: confirm the intent with a payment method. */
  confirmAsBrowser(intentId: string, paymentMethod: string): { status: number; intent: Record<string, unknown> } {
    try {
      return { status: 200, intent: this.state.confirmIntent(intentId, { payment_method: paymentMethod }) };
    } catch (error) {
      if (error instanceof FakeStripeError) return { status: error.status, intent: this.state.intent(intentId) };
      throw error;
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const method = req.method ?? 'GET';
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, idempotencyKey });
    const text = await readBody(req);
    let answer: Answer;
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname}\n${idempotencyKey}` : null;
    const replay = replayKey ? this.replies.get(replayKey) : undefined;
    if (replay) answer = replay;
    else {
      answer = this.answer(method, url, text, req.headers.authorization);
      // Stripe keeps the first answer to a key, errors included (a decline replays as the same decline).
      if (replayKey && answer.status !== 401) this.replies.set(replayKey, answer);
    }
    const drop = this.drops.find((d) => d.left > 0 && d.method === method && url.pathname.startsWith(d.path));
    if (drop) {
      drop.left--;
      res.socket?.destroy();
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': `req_${this.requests.length}` };
    if (replay) headers['idempotent-replayed'] = 'true';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    res.writeHead(answer.status, headers);
    res.end(JSON.stringify(answer.body));
  }

  private answer(method: string, url: URL, text: string, authorization: string | undefined): Answer {
    if (authorization !== `Bearer ${this.secretKey}`)
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    const route = ROUTES.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } } };
    try {
      const match = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : text);
      return { status: 200, body: structuredClone(route.handle(this.state, match, params, url)) };
    } catch (error) {
      if (error instanceof FakeStripeError) return { status: error.status, body: { error: error.body } };
      return { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
    }
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
