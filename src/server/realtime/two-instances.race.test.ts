import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adminQuery, createServerDatabase, instanceClient, PUBLIC_URL, startInstance, type Instance } from '../../../tests/helpers/instances';
import { describeOnPostgres, TEST_DATABASE_URL } from '../../../tests/helpers/postgres-only';

// Two server processes on one PostgreSQL database (DESIGN 1: several instances behind a load balancer): what happens
// on one reaches the sockets connected to the other, through LISTEN/NOTIFY. Named *.race.test.ts because it needs the
// PostgreSQL server (TEST_DATABASE_URL), like the races; it fails loudly in CI without it.

describeOnPostgres('two-instances.race.test.ts', 'two server instances on one database', () => {
  const name = `two_${randomBytes(4).toString('hex')}`;
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let databaseUrl: string;
  let a: Instance;
  let b: Instance;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    database = await createServerDatabase(TEST_DATABASE_URL!, name);
    databaseUrl = database.url;
    // One migrates, then the second starts on the migrated database (both would also be safe together: advisory lock).
    a = await startInstance(databaseUrl, `/tmp/${name}-a`);
    b = await startInstance(databaseUrl, `/tmp/${name}-b`);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.terminate();
    for (const instance of [a, b]) instance?.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await database?.drop();
  });

  async function member(base: string, role: 'lawyer' | 'mediator', first: string) {
    const c = instanceClient(base);
    const email = `${first.toLowerCase()}.${randomBytes(3).toString('hex')}@example.com`;
    expect((await c.call('POST', '/api/register', { email, password: 'correct-horse-battery', firstName: first, lastName: 'Test' })).status).toBe(201);
    await adminQuery(databaseUrl, 'UPDATE users SET email_verified = true WHERE email = $1', [email]);
    expect((await c.call('POST', '/api/login', { email, password: 'correct-horse-battery' })).status).toBe(200);
    expect((await c.call('PATCH', '/api/user/role', { role })).status).toBe(200);
    const profile =
      role === 'lawyer' ? { jurisdiction: 'California' } : { jurisdiction: 'California', hourlyRate: 300, specializations: ['Family Law'], yearsExperience: 5 };
    expect((await c.call('POST', `/api/profile/${role}`, profile)).status).toBeLessThan(300);
    const me = (await c.call('GET', '/api/user')).json as { id: string };
    if (role === 'mediator') await adminQuery(databaseUrl, `UPDATE mediator_profiles SET subscription_tier = 'pro' WHERE user_id = $1`, [me.id]);
    return { ...c, id: me.id };
  }

  function listen(base: string, cookie: string) {
    const received: { type: string; requestId?: string; unreadCount?: number }[] = [];
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie, origin: PUBLIC_URL } });
    sockets.push(socket);
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    return new Promise<typeof received>((resolve, reject) => {
      socket.once('open', () => resolve(received));
      socket.once('error', reject);
    });
  }

  const waitFor = async (check: () => boolean, what: string) => {
    const end = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a new request, an acceptance, a selection, a message and a completion made on one instance reach the sockets of the other', async () => {
    const lawyer = await member(a.base, 'lawyer', 'Lena');
    const mediator = await member(b.base, 'mediator', 'Max');
    const lawyerEvents = await listen(a.base, lawyer.cookie);
    const mediatorEvents = await listen(b.base, mediator.cookie);

    const created = await lawyer.call('POST', '/api/requests', {
      caseNumber: 'CV-1',
      caseName: 'Two instances',
      caseType: 'Family Law',
      jurisdiction: 'California',
      description: 'A dispute about two server instances sharing one database.',
      mediationType: 'online',
      pricingModel: 'hourly',
      hourlyRate: 350,
      hoursNeeded: 4,
      budget: '1400.00',
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const { clientSecret } = (await lawyer.call('POST', `/api/requests/${id}/submit`)).json as { clientSecret: string };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
    expect((await lawyer.call('POST', '/api/payments/local/confirm', { clientSecret, card })).status).toBe(200);
    // The matching Pro mediator on B hears of the new request made on A.
    await waitFor(() => mediatorEvents.some((e) => e.type === 'notification'), 'new_request on B');

    expect((await mediator.call('POST', `/api/requests/${id}/accept`, { noConflictConfirmed: true })).status).toBe(201);
    await waitFor(() => lawyerEvents.some((e) => e.type === 'notification' && (e.unreadCount ?? 0) >= 1), 'acceptance on A');

    expect((await lawyer.call('POST', `/api/requests/${id}/select-mediator/${mediator.id}`)).status).toBe(200);
    await waitFor(() => mediatorEvents.some((e) => e.type === 'request_updated' && e.requestId === id), 'selection on B');

    // A message sent through B reaches the lawyer's socket on A, and the thread read through A holds it once.
    const sent = await mediator.call('POST', '/api/messages', { requestId: id, content: 'Hello from instance B' });
    expect(sent.status).toBe(201);
    await waitFor(() => lawyerEvents.some((e) => e.type === 'new_message' && e.requestId === id), 'message on A');
    const thread = (await lawyer.call('GET', `/api/messages/${id}`)).json as { id: string; content: string }[];
    expect(thread.map((m) => m.content)).toEqual(['Hello from instance B']);

    expect((await mediator.call('POST', `/api/requests/${id}/complete`, { completionResults: 'Settled' })).status).toBe(200);
    await waitFor(() => lawyerEvents.some((e) => e.type === 'request_updated' && e.requestId === id), 'completion on A');
  }, 120_000);
});
