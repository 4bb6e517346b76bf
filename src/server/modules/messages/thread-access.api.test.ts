import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { REQUEST_STATUSES } from '../../../common/enums';
import { mediationRequests, messages } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { findRequest } from '../requests/requests.repo';
import { findUserById } from '../users/users.repo';
import { resolveChannel } from './channels';
import { listJointMessagesAsMember } from './channels.repo';
import { listThreadMessagesAsParticipant } from './messages.repo';
import { threadAccess } from './messages.service';

// RULES.md 6 (who reads a thread) is written twice: `threadAccess` (sending, marking read, an admin's reading, and the
// answer to an empty page) and the participant page's own SQL check (messages.repo.ts, docs/decisions/034), which
// answers a participant's read in one statement. readThread trusts an empty participant page once `findThread` found
// the thread theirs, so the two must agree on every row: here they are compared on one request put through every
// status, with its own mediator, another one (a replaced mediator) and none selected, for every kind of viewer.
describe.each(backends)('thread access: the SQL check and threadAccess agree on %s', (backend) => {
  let t: TestApp;
  let requestId: string;
  const viewers: Record<string, SessionUser> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    const matched = await createMatchedRequest(t);
    requestId = matched.id;
    const others = { otherMediator: await signUpMediator(t), otherLawyer: await signUpLawyer(t) };
    const ids = {
      lawyer: matched.lawyer.user.id,
      mediator: matched.mediator.user.id,
      ...Object.fromEntries(Object.entries(others).map(([k, v]) => [k, v.user.id])),
    };
    for (const [name, id] of Object.entries(ids)) viewers[name] = (await findUserById(t.ctx.db, id))!;
    // One message, so that a page the check lets through is not empty.
    await t.ctx.db.insert(messages).values({ requestId, senderId: ids.lawyer, recipientId: ids.mediator, content: 'Hello' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('for every status × selected mediator × viewer', async () => {
    const disagreements: string[] = [];
    let allowed = 0;
    let refused = 0;
    const selections = { 'their mediator': viewers.mediator!.id, 'another mediator': viewers.otherMediator!.id, 'no mediator': null };
    for (const status of REQUEST_STATUSES) {
      for (const [selectedName, selectedMediatorId] of Object.entries(selections)) {
        await t.ctx.db.update(mediationRequests).set({ status, selectedMediatorId }).where(eq(mediationRequests.id, requestId));
        const row = (await findRequest(t.ctx.db, requestId))!;
        for (const [viewerName, viewer] of Object.entries(viewers)) {
          const byRule = threadAccess(row, viewer) === 'participant';
          const bySql = (await listThreadMessagesAsParticipant(t.ctx.db, requestId, viewer.id, 50, null)).length > 0;
          if (byRule !== bySql) disagreements.push(`${status}, ${selectedName} selected, ${viewerName}: threadAccess ${byRule}, SQL ${bySql}`);
          if (byRule) allowed++;
          else refused++;
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Both answers occur: 4 statuses with a thread × 2 selections × (the lawyer, the selected mediator).
    expect(allowed).toBe(4 * 2 * 2);
    expect(refused).toBeGreaterThan(0);
  });
});

// The same for a member's page of a two-sided case's joint channel (channels.repo listJointMessagesAsMember): its SQL
// check must let through exactly whom `resolveChannel` lets read the joint channel as a seat, except while an agreement
// to mediate is out (the SQL answers nothing then, and findThread decides).
describe.each(backends)('joint channel access: the SQL check and resolveChannel agree on %s', (backend) => {
  let t: TestApp;
  let requestId: string;
  const viewers: Record<string, SessionUser> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    const matched = await createMatchedRequest(t);
    requestId = matched.id;
    const second = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
    const others = { otherMediator: await signUpMediator(t), otherLawyer: await signUpLawyer(t) };
    const ids = {
      lawyer: matched.lawyer.user.id,
      second: second.user.id,
      mediator: matched.mediator.user.id,
      ...Object.fromEntries(Object.entries(others).map(([k, v]) => [k, v.user.id])),
    };
    for (const [name, id] of Object.entries(ids)) viewers[name] = (await findUserById(t.ctx.db, id))!;
    await t.ctx.db.insert(messages).values({ requestId, senderId: ids.second, recipientId: null, channel: 'joint', content: 'Hello all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('for every status × selected mediator × agreement out or not × viewer', async () => {
    const disagreements: string[] = [];
    let allowed = 0;
    const selections = { 'their mediator': viewers.mediator!.id, 'another mediator': viewers.otherMediator!.id, 'no mediator': null };
    for (const status of REQUEST_STATUSES) {
      for (const [selectedName, selectedMediatorId] of Object.entries(selections)) {
        for (const agreementPending of [false, true]) {
          await t.ctx.db.update(mediationRequests).set({ status, selectedMediatorId, agreementPending }).where(eq(mediationRequests.id, requestId));
          const row = (await findRequest(t.ctx.db, requestId))!;
          for (const [viewerName, viewer] of Object.entries(viewers)) {
            const view = resolveChannel(row, viewer, null, 'joint');
            const byRule = !!view && view.reader !== 'admin' && !agreementPending;
            const bySql = (await listJointMessagesAsMember(t.ctx.db, requestId, viewer.id, 50, null)).length > 0;
            const bySqlLater =
              (await listJointMessagesAsMember(t.ctx.db, requestId, viewer.id, 50, { createdAt: new Date('2999-01-01'), id: requestId })).length > 0;
            const where = `${status}, ${selectedName} selected, agreement ${agreementPending ? 'out' : 'not out'}, ${viewerName}`;
            if (byRule !== bySql) disagreements.push(`${where}: resolveChannel ${byRule}, SQL ${bySql}`);
            if (bySql !== bySqlLater) disagreements.push(`${where}: first page ${bySql}, a later page ${bySqlLater}`);
            if (byRule) allowed++;
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
    // 4 statuses with a thread × 2 selections × (both counsel, the selected mediator), with no agreement out.
    expect(allowed).toBe(4 * 2 * 3);
  });
});
