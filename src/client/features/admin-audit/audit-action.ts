import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { displayMoney } from '../../lib/format';

/** The actions the server records (RULES.md 6), in plain words; an unknown one shows as written. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.status': 'Changed a user’s status',
  'user.delete': 'Deleted a user',
  'user.impersonate.start': 'Started viewing as a user',
  'user.impersonate.stop': 'Stopped viewing as a user',
  'settings.update': 'Updated the platform settings',
  'request.reassign': 'Reassigned a mediator',
  'request.cancel': 'Cancelled a request',
  'dispute.resolve': 'Resolved a dispute',
  'notification.broadcast': 'Broadcast a notification',
  'support.handled': 'Marked a support message',
};

export const actionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;

type Person = NonNullable<AuditEntryDto['actor']>;
export const personName = (p: Person) => `${p.firstName} ${p.lastName}`.trim() || p.email;

const TARGET_TYPES: Record<string, string> = {
  user: 'User',
  users: 'Chosen users',
  all_users: 'All users',
  settings: 'Platform settings',
  request: 'Request',
  dispute: 'Dispute',
  contact_message: 'Support message',
};

/** Who or what the action touched: the user by name when it still exists, otherwise the kind and id. */
export function targetText(entry: AuditEntryDto): string {
  if (entry.targetUser) return personName(entry.targetUser);
  const kind = entry.targetType ? (TARGET_TYPES[entry.targetType] ?? entry.targetType) : '';
  return [kind, entry.targetId].filter(Boolean).join(' ') || '—';
}

const MONEY_KEYS = /amount|fee|price|refund|payout|cents/i;

/** The details as label/value pairs: keys in words, money as dollars, lists and objects compact. */
export function detailLines(details: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => {
      const label = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
      const words = label.charAt(0).toUpperCase() + label.slice(1).toLowerCase();
      if (typeof value === 'string' && MONEY_KEYS.test(key) && /^-?\d+(\.\d+)?$/.test(value)) return [words, displayMoney(value)];
      if (Array.isArray(value)) return [words, value.length > 3 ? `${value.length} items` : value.join(', ')];
      if (typeof value === 'object') return [words, JSON.stringify(value)];
      return [words, String(value)];
    });
}
