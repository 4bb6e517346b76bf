import { signUpLawyer, type Account } from './accounts';
import { call } from './requests';
import { lastLink, type TestApp } from './test-app';

/** The token of the last invitation e-mailed to an address (the link's last segment). */
export function invitationToken(t: TestApp, email: string): string {
  return lastLink(t.mailer, email, /\/invitations\/[\w-]+/)
    .split('/')
    .pop()!;
}

/** The owner invites `counsel` (a new lawyer unless given) by e-mail, offering `split` (else 50/50), and counsel joins from the link, accepting it. */
export async function inviteAndJoin(
  t: TestApp,
  ownerCookie: string,
  requestId: string,
  counsel?: Account,
  split?: { firstSidePercent: number; secondSidePercent: number },
): Promise<Account> {
  const opposing = counsel ?? (await signUpLawyer(t, { firmName: 'Opponent LLP' }));
  const invited = await call(t, 'POST', `/api/requests/${requestId}/invitation`, ownerCookie, {
    email: opposing.email,
    name: 'Olivia Opponent',
    firmName: 'Opponent LLP',
    ...split,
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const joined = await call(t, 'POST', `/api/invitations/${invitationToken(t, opposing.email)}/accept`, opposing.cookie);
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  return opposing;
}
