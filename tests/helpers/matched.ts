import { signUpLawyer, signUpMediator } from './accounts';
import { call, createLiveRequest, setTier } from './requests';
import type { TestApp } from './test-app';

/**
 * A request carried to `matched`: a lawyer, a Pro mediator who accepted and was selected (balance charged with the
 * saved card), and the request id. `overrides` go to the request form.
 */
export async function createMatchedRequest(t: TestApp, overrides: Record<string, unknown> = {}) {
  const lawyer = await signUpLawyer(t);
  const mediator = await signUpMediator(t);
  await setTier(t, mediator.user.id, 'pro');
  const id = await createLiveRequest(t, lawyer.cookie, overrides);
  const accepted = await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true });
  if (accepted.statusCode !== 201) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  const selected = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie);
  if (selected.statusCode !== 200) throw new Error(`select failed: ${selected.statusCode} ${selected.body}`);
  return { lawyer, mediator, id };
}

/** The same, carried on to `completed` by the selected mediator. */
export async function createCompletedRequest(t: TestApp, overrides: Record<string, unknown> = {}) {
  const matched = await createMatchedRequest(t, overrides);
  const done = await call(t, 'POST', `/api/requests/${matched.id}/complete`, matched.mediator.cookie, { completionResults: 'Settled: parenting plan agreed.' });
  if (done.statusCode !== 200) throw new Error(`complete failed: ${done.statusCode} ${done.body}`);
  return matched;
}
