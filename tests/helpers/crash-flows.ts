import Stripe from 'stripe';
import type { RequestStatus } from '../../src/common/enums';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/http-paths';
import { FAKE_CARDS } from '../fake-stripe/cards';
import type { FakeStripe } from '../fake-stripe/server';
import type { CrashableServer, Member } from './crash-server';
import { isPast, type CrashJournal } from './crash-journal';
import { validRequest } from './requests';

// The flows of the PostgreSQL crash test (src/server/crash/postgres-kills-during-flows.crash.test.ts): lawyer/mediator
// pairs run request flows without pause against a server that is killed and started again, and a journal keeps every
// write the server acknowledged (or was seen to have committed), to be checked against the database after each restart.

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

/** Where a kill can be made to land: right after a completion/cancel answer, or inside a provider call. */
export type Trigger = 'answer' | 'transfer' | 'refund' | 'charge';

/**
 * The flows, writing what the server acknowledged to the journal. Installs the kill triggers in the fake's transfers, refunds and saved-card charges at
 * once (the fake moved the money; the server dies before it hears the answer).
 */
export function crashFlows(server: CrashableServer, fake: FakeStripe, journal: CrashJournal) {
  const errors: string[] = [];
  const stats = { flows: 0, completedAcks: 0, cancelledAcks: 0, messages: 0, unknownOutcomes: 0 };
  const ack = journal.ack;

  // ---- Kill triggers: right after a completion/cancel answer, or inside a provider call ----
  let trigger: Trigger | null = null;
  let fired: (() => void) | null = null;
  const fire = (kind: Trigger) => {
    if (trigger !== kind) return;
    trigger = null;
    void server.killNow(); // SIGKILL now, before anything else runs in the server
    fired?.();
  };
  const state = fake.state;
  const createTransfer = state.createTransfer.bind(state);
  const createRefund = state.createRefund.bind(state);
  const createIntent = state.createIntent.bind(state);
  state.createTransfer = (params) => {
    const out = createTransfer(params);
    fire('transfer');
    return out;
  };
  state.createRefund = (params) => {
    const out = createRefund(params);
    fire('refund');
    return out;
  };
  state.createIntent = (params) => {
    const out = createIntent(params);
    if (params.off_session === 'true') fire('charge');
    return out;
  };

  /** Arms one trigger; true once it killed the server, false when it did not fire within 6 s. */
  const killOn = async (kind: Trigger): Promise<boolean> => {
    const done = new Promise<boolean>((resolve) => {
      fired = () => resolve(true);
      setTimeout(() => resolve(false), 6_000);
    });
    trigger = kind;
    const hit = await done;
    fired = null;
    trigger = null;
    return hit;
  };

  // ---- Flows ----
  let running = true;
  let seq = 0;

  const readStatus = async (actor: Member, id: string): Promise<RequestStatus | null> => {
    for (let i = 0; i < 5; i++) {
      const res = await actor.call('GET', `/api/requests/${id}`);
      if (res.status === 200) {
        const status = (res.json as { status: RequestStatus }).status;
        ack(id, status); // seen committed: it must survive the next kill as well
        return status;
      }
      if (res.status !== 0 && res.status < 500) throw new Error(`GET /api/requests/${id} answered ${res.status}: ${JSON.stringify(res.json)}`);
      await server.whenUp();
    }
    return null;
  };

  /** One transition, repeated after an unknown outcome until the request is seen in (or past) the target state. */
  const reach = async (actor: Member, reader: Member, id: string, url: string, body: unknown, target: RequestStatus, ok: number): Promise<boolean> => {
    for (let attempt = 0; attempt < 6 && running; attempt++) {
      const res = await actor.call('POST', url, body);
      if (res.status === ok) {
        ack(id, target);
        if (target === 'completed') stats.completedAcks++;
        if (target === 'cancelled') stats.cancelledAcks++;
        if (target === 'completed' || target === 'cancelled') fire('answer');
        return true;
      }
      if (res.status === 0 || res.status >= 500) {
        stats.unknownOutcomes++;
        await server.whenUp();
      }
      const now = await readStatus(reader, id);
      if (now === target || (now !== null && now !== 'cancelled' && target !== 'cancelled' && isPast(now, target))) return true;
      if (now === 'cancelled') return false;
      const code = (res.json as { code?: string } | null)?.code;
      if (res.status === 409 && code === 'payment_in_progress') return false; // a money step a kill left pending: the reconciler's
      if (res.status !== 0 && res.status < 500 && res.status !== 409) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(res.json)}`);
      await sleep(100);
    }
    return false;
  };

  const deliverWebhook = async (intentId: string): Promise<{ status: number; duplicate?: boolean }> => {
    const payload = JSON.stringify(fake.state.lastEvent('payment_intent.succeeded', intentId));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    try {
      const res = await fetch(`${server.base}${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
        body: payload,
      });
      const text = await res.text();
      return { status: res.status, duplicate: res.status === 200 ? (JSON.parse(text) as { duplicate: boolean }).duplicate : undefined };
    } catch {
      return { status: 0 };
    }
  };

  /** Submit, pay in the "browser" at the fake, deliver the webhook (Stripe redelivers until it gets a 2xx). */
  const payDeposit = async (lawyer: Member, id: string): Promise<boolean> => {
    for (let attempt = 0; attempt < 6 && running; attempt++) {
      const submit = await lawyer.call('POST', `/api/requests/${id}/submit`);
      if (submit.status === 200) {
        const intentId = (submit.json as { clientSecret: string }).clientSecret.split('_secret_')[0];
        if (fake.state.intents.get(intentId)?.status === 'requires_payment_method') fake.confirmAsBrowser(intentId, FAKE_CARDS.visa);
        for (let d = 0; d < 8 && running; d++) {
          const hook = await deliverWebhook(intentId);
          if (hook.status === 200 && !hook.duplicate) {
            ack(id, 'pending_mediators');
            return true;
          }
          // A duplicate: an earlier delivery was claimed, perhaps by a process that died before acting on it.
          if (hook.status === 200) return (await readStatus(lawyer, id)) === 'pending_mediators';
          stats.unknownOutcomes++;
          await server.whenUp();
        }
        return false;
      }
      if (submit.status === 0 || submit.status >= 500) {
        stats.unknownOutcomes++;
        await server.whenUp();
        continue;
      }
      const now = await readStatus(lawyer, id);
      if (now !== null && now !== 'draft') return now !== 'cancelled';
      throw new Error(`submit answered ${submit.status}: ${JSON.stringify(submit.json)}`);
    }
    return false;
  };

  const sendMessages = async (lawyer: Member, mediator: Member, id: string) => {
    for (const [who, actor] of [
      ['lawyer', lawyer],
      ['mediator', mediator],
    ] as const) {
      for (let i = between(1, 3); i > 0 && running; i--) {
        const res = await actor.call('POST', '/api/messages', { requestId: id, content: `A message from the ${who} (${i})` });
        if (res.status === 201) {
          journal.messages.add((res.json as { id: string }).id);
          stats.messages++;
        } else if (res.status === 0 || res.status >= 500) {
          stats.unknownOutcomes++;
          await server.whenUp();
        } else throw new Error(`message answered ${res.status}: ${JSON.stringify(res.json)}`);
      }
    }
  };

  const runFlow = async (lawyer: Member, mediator: Member) => {
    const roll = Math.random();
    const outcome = roll < 0.2 ? 'cancel_live' : roll < 0.45 ? 'cancel_matched' : 'complete';
    const created = await lawyer.call('POST', '/api/requests', validRequest({ caseNumber: `CR-${++seq}`, caseName: `Crash flow ${seq}` }));
    if (created.status === 0 || created.status >= 500) {
      stats.unknownOutcomes++;
      return server.whenUp(); // not acknowledged: nothing to hold the server to
    }
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.json)}`);
    const id = (created.json as { id: string }).id;
    stats.flows++;
    ack(id, 'draft');
    const cancel = async () => {
      journal.requests.get(id)!.cancelTried = true;
      await reach(lawyer, lawyer, id, `/api/requests/${id}/cancel`, {}, 'cancelled', 200);
    };
    if (!(await payDeposit(lawyer, id))) return;
    if (outcome === 'cancel_live') return cancel();
    if (!(await reach(mediator, lawyer, id, `/api/requests/${id}/accept`, { noConflictConfirmed: true }, 'awaiting_selection', 201))) return;
    if (!(await reach(lawyer, lawyer, id, `/api/requests/${id}/select-mediator/${mediator.id}`, undefined, 'matched', 200))) return;
    await sendMessages(lawyer, mediator, id);
    if (outcome === 'cancel_matched') return cancel();
    if (Math.random() < 0.5 && !(await reach(mediator, lawyer, id, `/api/requests/${id}/start`, undefined, 'in_progress', 200))) return;
    await reach(mediator, lawyer, id, `/api/requests/${id}/complete`, { completionResults: 'Settled during the crash test' }, 'completed', 200);
  };

  /** One worker per pair, running flows until stop(); an error is recorded and the worker goes on. */
  const startWorkers = (pairs: { lawyer: Member; mediator: Member }[]): Promise<void[]> =>
    Promise.all(
      pairs.map(async ({ lawyer, mediator }) => {
        while (running) {
          try {
            await runFlow(lawyer, mediator);
          } catch (error) {
            errors.push(String(error));
            await sleep(200);
          }
        }
      }),
    );

  return {
    errors,
    stats,
    killOn,
    startWorkers,
    /** The workers finish the call they are in and stop. */
    stop: () => {
      running = false;
    },
  };
}
