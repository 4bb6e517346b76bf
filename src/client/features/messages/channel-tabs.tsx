import type { ReactNode } from 'react';
import type { CaseSides } from '../../../common/schemas/cases';
import type { MessageChannel } from '../../../common/enums';
import { Badge } from '../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

/** One tab: a channel the viewer may read, its name and its unread count. */
export interface ChannelTab {
  channel: MessageChannel;
  label: string;
  hint?: string;
  unread: number;
}

const counselName = (counsel: CaseSides['first'], fallback: string) => (counsel ? `${counsel.firstName} ${counsel.lastName}`.trim() || fallback : fallback);

/**
 * The channels of a two-sided case the viewer reads (decision 046): counsel the joint channel and their own private
 * one with the mediator; the mediator the joint one and each side's; anyone else (admins) the joint one.
 */
export function channelTabsFor(sides: CaseSides | null, unread: Partial<Record<MessageChannel, number>>): ChannelTab[] {
  const joint: ChannelTab = { channel: 'joint', label: 'Joint', hint: 'Everyone in the case', unread: unread.joint ?? 0 };
  const seat = sides?.mySeat ?? null;
  if (seat === 'first' || seat === 'second') return [joint, { channel: seat, label: 'Private with the mediator', unread: unread[seat] ?? 0 }];
  if (seat === 'mediator')
    return [
      joint,
      { channel: 'first', label: `Private: ${counselName(sides!.first, 'first side')}`, unread: unread.first ?? 0 },
      { channel: 'second', label: `Private: ${counselName(sides!.second, 'second side')}`, unread: unread.second ?? 0 },
    ];
  return [joint];
}

/** The channel a viewer opens without `?channel=`: counsel their own private one, everyone else the joint one. */
export function defaultChannelFor(sides: CaseSides | null): MessageChannel {
  const seat = sides?.mySeat ?? null;
  return seat === 'first' || seat === 'second' ? seat : 'joint';
}

/**
 * The channels as tabs (Radix: arrow keys move between them, the selected one is announced). Only the selected
 * channel's thread is rendered, so only it is fetched.
 */
export function ChannelTabs({
  tabs,
  value,
  onChange,
  children,
}: {
  tabs: ChannelTab[];
  value: MessageChannel;
  onChange: (channel: MessageChannel) => void;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(v) => onChange(v as MessageChannel)} className="min-w-0">
      <TabsList aria-label="Conversations" className="grid h-auto w-full grid-cols-1 gap-1 sm:auto-cols-fr sm:grid-flow-col">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.channel} value={tab.channel} className="h-auto min-w-0 justify-between gap-2 whitespace-normal text-left">
            <span className="min-w-0">
              <span className="block wrap-anywhere">{tab.label}</span>
              {tab.hint ? <span className="block text-xs font-normal text-muted-foreground">{tab.hint}</span> : null}
            </span>
            {tab.unread > 0 ? (
              <Badge tone="primary">
                {tab.unread}
                <span className="sr-only"> unread</span>
              </Badge>
            ) : null}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.channel} value={tab.channel} className="mt-3">
          {tab.channel === value ? children : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
