import { isTwoSided } from '../../../common/domain/case-access';
import type { DbOrTx } from '../../db/client';
import type { uploads } from '../../db/schema';
import type { RequestRow } from '../requests/requests.repo';
import { resolveChannel } from './channels';
import { findAttachmentChannel } from './channels.repo';
import type { Caller } from './messages.service';

/**
 * Who may download a message attachment of a two-sided case (decision 046): its uploader, and whoever may read the
 * channel it was sent in (so the other side and admins never open a private channel's file). Undefined when the rule
 * does not apply (not an attachment, a one-sided case, or not sent yet): the files route's request rule decides.
 */
export async function attachmentAccess(db: DbOrTx, request: RequestRow, upload: typeof uploads.$inferSelect, caller: Caller): Promise<boolean | undefined> {
  if (upload.purpose !== 'attachment' || !isTwoSided(request)) return undefined;
  const channel = await findAttachmentChannel(db, request.id, upload.objectPath);
  if (!channel) return undefined;
  return upload.ownerId === caller.user.id || resolveChannel(request, caller.user, caller.impersonatorId, channel) !== null;
}
