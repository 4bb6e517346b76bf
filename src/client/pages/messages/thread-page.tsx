import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MessageSquareOff } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import { MESSAGE_CHANNELS, type MessageChannel } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useThread, useThreads } from '../../features/messages/api';
import { ChannelTabs, channelTabsFor, defaultChannelFor } from '../../features/messages/channel-tabs';
import { ConnectionBanner } from '../../features/messages/connection-banner';
import { ThreadView } from '../../features/messages/thread-view';
import { AgreementRequired, isAgreementRequired } from '../../components/agreement-required';
import { hasErrorCode } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

function InvalidThread() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <MessageSquareOff className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-serif text-2xl font-semibold">Invalid message thread</h1>
        <Button asChild>
          <Link to="/messages">Back to Messages</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

const channelParam = (value: string | null): MessageChannel | undefined =>
  (MESSAGE_CHANNELS as readonly string[]).includes(value ?? '') ? (value as MessageChannel) : undefined;

/**
 * /messages/{requestId} (spec 2): the thread of one matched request, live over the realtime socket. A two-sided case's
 * thread is channels (decision 046), shown as tabs with their unread counts; the selected one is `?channel=` (without
 * it, the server's default for the viewer, which the tabs mirror). A one-sided case shows the spec's page, no tabs.
 */
export function ThreadPage() {
  const { requestId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = channelParam(params.get('channel'));
  const valid = isUuid(requestId);
  const { user } = useCurrentUser();
  const list = useThread(requestId, valid, asked);
  // The request gives the title (case name and number), whether the thread still takes messages, and its sides.
  const { data: request } = useQuery<RequestDto>({ queryKey: ['/api/requests', requestId], enabled: valid && !list.error });
  usePageTitle(request ? `${request.caseName} · Messages` : 'Messages');
  const twoSided = !!request?.opposingLawyerId;
  // The channels' unread counts come with the thread list (only a two-sided case asks for it).
  const threads = useThreads(twoSided);

  if (!valid || hasErrorCode(list.error, 'not_found')) return <InvalidThread />;
  if (!user) return <Skeleton className="h-96" />;
  // An admin viewing as counsel reads a two-sided case as the admin they are (decision 046): the joint channel only,
  // read-only, as the server answers.
  const viewAsAdmin = twoSided && !!user.impersonatedBy;
  const sides = viewAsAdmin ? null : (request?.sides ?? null);
  const readOnly = user.role === 'admin' || viewAsAdmin ? 'admin' : request?.status === 'cancelled' ? 'cancelled' : null;
  return (
    <div className="grid min-w-0 gap-4">
      <div>
        <BackLink to="/messages" label="Back to Messages" />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="font-serif text-2xl font-semibold wrap-anywhere sm:text-3xl">{request ? request.caseName : 'Messages'}</h1>
            {request ? <p className="mt-1 text-muted-foreground wrap-anywhere">Case #{request.caseNumber}</p> : null}
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to={`/requests/${requestId}`}>
              <ExternalLink aria-hidden="true" />
              View request
            </Link>
          </Button>
        </div>
      </div>
      <ConnectionBanner />
      {isAgreementRequired(list.error) ? (
        // A counsel who has not signed the agreement to mediate: no thread and no box to write in, only the way to sign.
        <AgreementRequired requestId={requestId} what="The case’s messages" />
      ) : twoSided ? (
        <ChannelTabs
          tabs={channelTabsFor(
            sides,
            Object.fromEntries((threads.items.find((t) => t.requestId === requestId)?.channels ?? []).map((c) => [c.channel, c.unreadCount])),
          )}
          value={asked ?? defaultChannelFor(sides)}
          onChange={(channel) => setParams({ channel }, { replace: true })}
        >
          <ThreadView requestId={requestId} list={list} me={user.id} readOnly={readOnly} channel={asked ?? defaultChannelFor(sides)} />
        </ChannelTabs>
      ) : (
        <ThreadView requestId={requestId} list={list} me={user.id} readOnly={readOnly} />
      )}
    </div>
  );
}
