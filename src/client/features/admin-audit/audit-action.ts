import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { EMAIL_KIND_INFO } from '../../../common/email-templates';
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

/**
 * Who or what the action touched: the user by name when it still exists, a request or dispute by its case, otherwise
 * the kind and id.
 */
export function targetText(entry: AuditEntryDto): string {
  if (entry.targetUser) return personName(entry.targetUser);
  const kind = entry.targetType ? (TARGET_TYPES[entry.targetType] ?? entry.targetType) : '';
  if (entry.targetLabel) return entry.targetType === 'dispute' ? `Dispute on ${entry.targetLabel}` : entry.targetLabel;
  return [kind, entry.targetId].filter(Boolean).join(' ') || '—';
}

const MONEY_KEYS = /amount|fee|price|refund|payout|cents|deposit/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Stored codes (`refund_partial`, `pending_mediators`) read as words. */
const CODE = /^[a-z]+(?:[_.][a-z]+)+$/;
const LONG_TEXT = 160;

const words = (key: string) => {
  const label = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1).toLowerCase();
};

/** One value in words: money as dollars, codes as words, people by name, long texts cut short, nothing as "none". */
function valueText(key: string, value: unknown, people: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') {
    if (MONEY_KEYS.test(key) && /^-?\d+(\.\d+)?$/.test(value)) return displayMoney(value);
    if (/percentage/i.test(key) && /^-?\d+(\.\d+)?$/.test(value)) return `${Number(value)}%`;
    if (UUID.test(value)) return people[value] ?? value;
    if (CODE.test(value)) return value.replace(/[_.]/g, ' ');
    return value.length > LONG_TEXT ? `“${value.slice(0, LONG_TEXT).trimEnd()}…”` : value;
  }
  if (Array.isArray(value)) return value.length > 3 ? `${value.length} items` : value.map((v) => valueText(key, v, people)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What a top-level from/to changed, by action. */
const CHANGE_LABELS: Record<string, string> = { 'user.status': 'Status', 'request.reassign': 'Mediator' };

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2;

/** An e-mail template change: the text it had and has, where null is the standard text. */
const templateChange = (change: { from: unknown; to: unknown }) =>
  change.to === null ? 'back to the standard text' : change.from === null ? 'customised' : 'edited';

/**
 * The details as label/value pairs, in words: a change as "before → after" (a reassignment's and a status change's
 * top-level from/to too), keys in words, money as dollars, people by name, codes as words.
 */
export function detailLines(entry: Pick<AuditEntryDto, 'action' | 'details' | 'people' | 'targetLabel'>): Array<[string, string]> {
  const { details, people } = entry;
  // A dispute's request is already named as its target.
  const skip = entry.targetLabel ? ['requestId'] : [];
  const lines: Array<[string, string]> = [];
  const entries = Object.entries(details).filter(([key, value]) => !skip.includes(key) && value !== null && value !== undefined && value !== '');
  const keys = new Set(entries.map(([key]) => key));
  if (keys.has('from') && keys.has('to')) {
    lines.push([CHANGE_LABELS[entry.action] ?? 'Change', `${valueText('from', details.from, people)} → ${valueText('to', details.to, people)}`]);
  }
  for (const [key, value] of entries) {
    if (keys.has('from') && keys.has('to') && (key === 'from' || key === 'to')) continue;
    if (key === 'emailTemplates' && typeof value === 'object' && !Array.isArray(value)) {
      const changes = Object.entries(value as Record<string, unknown>).filter(([, c]) => isChange(c));
      lines.push([
        'E-mail templates',
        changes
          .map(([kind, c]) => `${EMAIL_KIND_INFO[kind as keyof typeof EMAIL_KIND_INFO]?.label ?? kind}: ${templateChange(c as { from: unknown; to: unknown })}`)
          .join('; '),
      ]);
      continue;
    }
    if (isChange(value)) {
      lines.push([words(key), `${valueText(key, value.from, people)} → ${valueText(key, value.to, people)}`]);
      continue;
    }
    lines.push([words(key), valueText(key, value, people)]);
  }
  return lines;
}
