import { Lock } from 'lucide-react';
import type { MessageChannel } from '../../../common/enums';
import type { MessageDto } from '../../../common/schemas/messages';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import type { PagedList } from '../../lib/use-paged-list';
import { useMarkThreadRead } from './api';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

const READ_ONLY = {
  cancelled: 'This mediation was cancelled. The conversation stays readable but takes no new messages.',
  admin: 'Admins can read this conversation but cannot send messages.',
} as const;

/**
 * A thread (or one channel of a two-sided case's, decision 046) and the box to answer in. A cancelled mediation's
 * thread stays readable with no box, and admins only read (RULES.md 6).
 */
export function ThreadView({
  requestId,
  list,
  me,
  readOnly = null,
  channel,
}: {
  requestId: string;
  list: PagedList<MessageDto>;
  me: string;
  readOnly?: keyof typeof READ_ONLY | null;
  channel?: MessageChannel;
}) {
  useMarkThreadRead(requestId, list.items, me, readOnly !== 'admin', channel);
  return (
    <Card className="flex min-w-0 flex-col overflow-hidden">
      <MessageList list={list} me={me} canSend={!readOnly} />
      {readOnly ? (
        <div className="border-t p-3 sm:p-4">
          <Alert tone="info">
            <Lock aria-hidden="true" />
            <p>{READ_ONLY[readOnly]}</p>
          </Alert>
        </div>
      ) : (
        <MessageComposer requestId={requestId} channel={channel} />
      )}
    </Card>
  );
}
