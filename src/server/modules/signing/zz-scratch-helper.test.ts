import { expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { caseWithFinalTermSheet, counselSign, partyCode, partySign } from '../../../../tests/helpers/signing';
import * as repo from './signing.repo';

it('scratch: party signs last', async () => {
  const t = await createTestApp('pglite');
  const c = await caseWithFinalTermSheet(t);
  expect((await counselSign(t, c.lawyer.cookie, c.envelope.id)).statusCode).toBe(200);
  expect((await counselSign(t, c.opposing.cookie, c.envelope.id)).statusCode).toBe(200);
  const [ann, rob] = c.parties;
  expect((await partySign(t, ann, await partyCode(t, ann.token, ann.email))).statusCode).toBe(200);
  const before = (await repo.signersOf(t.ctx.db, [c.envelope.id])).map((s) => s.tokenHash);
  const last = await partySign(t, rob, await partyCode(t, rob.token, rob.email));
  console.log(last.statusCode, last.body);
  const after = (await repo.signersOf(t.ctx.db, [c.envelope.id])).map((s) => s.tokenHash);
  console.log(before, after);
  console.log((await repo.eventsOf(t.ctx.db, c.envelope.id)).map((e) => [e.kind, e.actorName]));
  await t.close();
}, 60_000);
