import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { StepKind, StepRow } from './steps.repo';

/**
 * What payments knows of the purposes it serves (docs/decisions/040): nothing but what their owners register here
 * once at start-up (bootstrap.ts, the one path the server, the worker and the tests build their context through).
 * Payments is a lower layer: it never imports requests or subscriptions; the webhook, the confirm endpoint, the steps
 * engine and the reconciler dispatch through this registry. A purpose is the `metadata.purpose` string of an intent.
 */
export interface PurposeOutcomes {
  /**
   * The provider confirmed the intent. Idempotent per intent (claim `intent:{id}:succeeded`). Answers `{ refunded }`
   * with the message for the payer when the money arrived too late for its purpose and was refunded on arrival.
   */
  succeeded(ctx: AppContext, intent: PaymentIntent): Promise<{ refunded: string } | void>;
  /** The provider declined the intent, or it was closed. Idempotent per intent. */
  failed(ctx: AppContext, intent: PaymentIntent): Promise<void>;
}

/** Repeats a step of a kind its owner runs itself (a selection's balance charge), for the reconciler. */
export type StepResumer = (ctx: AppContext, step: StepRow) => Promise<void>;

/** An owner's own reconciliation pass (intents and charges kept in its tables); answers how many it settled. */
export type PurposeReconciler = (ctx: AppContext, minAgeMs: number) => Promise<number>;

const purposes = new Map<string, PurposeOutcomes>();
const resumers = new Map<StepKind, StepResumer>();
const reconcilers = new Map<string, PurposeReconciler>();

function register<K, V>(map: Map<K, V>, key: K, value: V, what: string): void {
  const known = map.get(key);
  // Registering the same handler again (a second context in one process: tests) changes nothing; another is a bug.
  if (known && known !== value) throw new Error(`Payments: ${what} '${String(key)}' is already registered with another handler`);
  map.set(key, value);
}

export const registerPaymentPurpose = (purpose: string, outcomes: PurposeOutcomes) => register(purposes, purpose, outcomes, 'purpose');
export const registerStepResumer = (kind: StepKind, resume: StepResumer) => register(resumers, kind, resume, 'step resumer for');
export const registerPaymentReconciler = (name: string, reconcile: PurposeReconciler) => register(reconcilers, name, reconcile, 'reconciler');

/** The outcomes of a purpose; a purpose nobody registered fails loudly, naming it (never a silent success). */
export function outcomesOf(purpose: string | undefined): PurposeOutcomes {
  const outcomes = purpose === undefined ? undefined : purposes.get(purpose);
  if (!outcomes) throw new Error(`Payments: no outcome handler is registered for the purpose '${purpose ?? '(none)'}' (payment-registry.ts)`);
  return outcomes;
}

/** The resumer registered for a step kind, if its owner runs it itself. */
export const resumerOf = (kind: string): StepResumer | undefined => resumers.get(kind as StepKind);

export const registeredReconcilers = (): PurposeReconciler[] => [...reconcilers.values()];

/** Acts on a succeeded intent through its purpose's owner (the local confirm, a webhook, the reconciler, a step). */
export async function onIntentSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<{ refunded: string } | undefined> {
  return (await outcomesOf(intent.metadata.purpose).succeeded(ctx, intent)) ?? undefined;
}

export async function onIntentFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  await outcomesOf(intent.metadata.purpose).failed(ctx, intent);
}
