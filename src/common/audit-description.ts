// The audit log in words (RULES.md 6; issue 21): what each action the server records means to an admin reading it.
// The server describes every entry with this when it lists the log; the Audit log tab shows the description, and
// the filter offers the action labels. An entry's raw `details` stay in the API for machines; no id, stored code,
// `true`/`false` or JSON reaches the description.
import { REQUEST_STATUS_LABELS } from './domain/request-status';
import { EMAIL_KIND_INFO, isEmailKind } from './email-templates';
import { USER_ROLES, USER_STATUSES, type RequestStatus, type UserRole, type UserStatus } from './enums';
import { displayMoney } from './money';

/** Every action the server writes to the audit log (`appendAudit` takes only these). */
export const AUDIT_ACTIONS = [
  'user.status',
  'user.delete',
  'user.impersonate.start',
  'user.impersonate.stop',
  'settings.update',
  'request.reassign',
  'request.cancel',
  'dispute.resolve',
  'notification.broadcast',
  'support.handled',
  'messages.read_joint',
  'request.retention_hold',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action in a few words: the Audit log's filter, and an entry's title unless its details say more. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.status': 'Changed a user’s status',
  'user.delete': 'Deleted a user',
  'user.impersonate.start': 'Started viewing as a user',
  'user.impersonate.stop': 'Stopped viewing as a user',
  'settings.update': 'Updated the platform settings',
  'request.reassign': 'Reassigned a mediator',
  'request.cancel': 'Cancelled a request',
  'dispute.resolve': 'Resolved a dispute',
  'notification.broadcast': 'Sent a notification',
  'support.handled': 'Marked a support message handled or open',
  'messages.read_joint': 'Read a joint message channel',
  'request.retention_hold': 'Held or released a case’s documents from purging',
};

export interface AuditPerson {
  firstName: string;
  lastName: string;
  email: string;
}

/** What the server found for the ids an entry holds. */
export interface AuditNames {
  /** The acting admin; null once their account is gone or anonymised. */
  actor: AuditPerson | null;
  /** The target user, when the target is a user that still exists (an anonymised one reads "Deleted user"). */
  targetUser: AuditPerson | null;
  /**
   * The target in words, when it is a request or a dispute (the case's name and number) or a support message (its
   * subject and sender); null otherwise or once removed.
   */
  targetLabel: string | null;
  /** Names of the users the details hold by id (a reassignment's mediators, a broadcast's chosen users). */
  people: Record<string, string>;
}

export interface AuditEntryInput {
  action: string;
  targetType: string | null;
  details: Record<string, unknown>;
}

export interface AuditDescription {
  /** What was done, e.g. "Resolved a dispute", "Marked a support message handled". */
  title: string;
  /** Who did it: the admin's name and e-mail. */
  by: string;
  /** To whom or what: a person's name, a case, a support message's subject and sender. */
  target: string;
  /** The particulars, each a label and a value in words: "Outcome" → "Partial refund of $400 to the lawyer". */
  lines: Array<{ label: string; value: string }>;
}

type Line = AuditDescription['lines'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXCERPT = 160;

const STATUS_WORDS: Record<UserStatus, string> = { pending: 'Pending', approved: 'Approved', suspended: 'Suspended' };
const ROLE_WORDS: Record<UserRole, string> = { lawyer: 'Lawyer', mediator: 'Mediator', admin: 'Admin' };

const personName = (p: AuditPerson) => `${p.firstName} ${p.lastName}`.trim() || p.email;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A long text cut short, in quotes. */
const excerpt = (value: string) => `“${value.length > EXCERPT ? `${value.slice(0, EXCERPT).trimEnd()}…` : value}”`;
const money = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? displayMoney(value) : '');
const hasMoney = (value: unknown) => money(value) !== '' && !/^\$0$/.test(money(value));

/** A stored code or key as words: `refund_partial` → "Refund partial", `payoutHoldHours` → "Payout hold hours". */
function words(code: string): string {
  const spaced = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const statusWords = (value: unknown) => (isOneOf(USER_STATUSES, value) ? STATUS_WORDS[value] : fallbackValue(value, {}));
const requestStatusWords = (value: unknown) =>
  typeof value === 'string' && value in REQUEST_STATUS_LABELS ? REQUEST_STATUS_LABELS[value as RequestStatus] : fallbackValue(value, {});

/** Any other value in words, for details this file does not know (an older entry's, say): never an id or a code. */
function fallbackValue(value: unknown, people: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') {
    if (UUID.test(value)) return people[value.toLowerCase()] ?? people[value] ?? 'A record no longer shown';
    if (/^[a-z]+(?:[_.][a-z]+)+$/.test(value)) return words(value);
    return value.length > EXCERPT ? excerpt(value) : value;
  }
  if (Array.isArray(value)) return value.length > 3 ? plural(value.length, 'item') : value.map((v) => fallbackValue(v, people)).join(', ');
  if (typeof value === 'object') {
    const entry = value as Record<string, unknown>;
    if ('from' in entry && 'to' in entry) return `${fallbackValue(entry.from, people)} → ${fallbackValue(entry.to, people)}`;
    return plural(Object.keys(entry).length, 'value');
  }
  return 'A value not shown';
}

/** Lines for whatever details the describer of an action did not use. */
function otherLines(details: Record<string, unknown>, used: readonly string[], people: Record<string, string>): Line[] {
  return Object.entries(details)
    .filter(([key, value]) => !used.includes(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => ({ label: words(key), value: fallbackValue(value, people) }));
}

const line = (label: string, value: string): Line => ({ label, value });

/** A two-sided case's entry names opposing counsel, who the change also concerned (issue 23). */
function sidesLines(d: Record<string, unknown>, people: Record<string, string>): Line[] {
  if (typeof d.opposingCounsel !== 'string') return [];
  const name = people[d.opposingCounsel.toLowerCase()] ?? people[d.opposingCounsel] ?? 'A lawyer since removed';
  return [line('Sides', `Two-sided case: opposing counsel ${name}`)];
}

// --- settings.update --------------------------------------------------------------------------------------------

const minutes = (v: unknown) => (typeof v === 'number' ? plural(v, 'minute') : fallbackValue(v, {}));
const hours = (v: unknown) => (typeof v === 'number' ? plural(v, 'hour') : fallbackValue(v, {}));
const percent = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? `${Number(v)}%` : fallbackValue(v, {}));
const dollars = (v: unknown) => money(v) || fallbackValue(v, {});

const SETTING_WORDS: Record<string, { label: string; value: (v: unknown) => string }> = {
  commissionPercentage: { label: 'Commission', value: percent },
  minimumPlatformFee: { label: 'Minimum platform fee', value: dollars },
  defaultDeposit: { label: 'Deposit', value: dollars },
  matchWindowMinutes: { label: 'Match window', value: minutes },
  priorityHeadStartMinutes: { label: 'Priority head start', value: minutes },
  payoutHoldHours: { label: 'Payout hold', value: hours },
  shareDueDays: { label: 'Share deadline', value: (v: unknown) => (typeof v === 'number' ? plural(v, 'day') : fallbackValue(v, {})) },
};
const LEGAL_TEXTS: Record<string, string> = { termsOfService: 'Terms of service', privacyPolicy: 'Privacy policy' };

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'from' in value && 'to' in value;

/** A legal text or an e-mail: null is the standard text. */
function textChange({ from, to }: { from: unknown; to: unknown }, quote: boolean): string {
  if (to === null || to === undefined || to === '') return 'Back to the standard text';
  const now = quote && typeof to === 'string' ? `: ${excerpt(to)}` : '';
  return `${from === null || from === undefined || from === '' ? 'Replaced the standard text' : 'Edited'}${now}`;
}

/** The settings form's order; the log stores details as JSON, whose keys come back in an order of their own. */
const SETTINGS_ORDER = [...Object.keys(SETTING_WORDS), ...Object.keys(LEGAL_TEXTS), 'emailTemplates'];
const settingsRank = (key: string) => (SETTINGS_ORDER.includes(key) ? SETTINGS_ORDER.indexOf(key) : SETTINGS_ORDER.length);

function settingsLines(details: Record<string, unknown>): Line[] {
  const lines: Line[] = [];
  const entries = Object.entries(details).sort(([a], [b]) => settingsRank(a) - settingsRank(b));
  for (const [key, value] of entries) {
    if (key === 'emailTemplates' && typeof value === 'object' && value !== null) {
      const changes = Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, { from: unknown; to: unknown }] => isChange(entry[1]));
      const described = changes.map(
        ([kind, change]) => `${isEmailKind(kind) ? EMAIL_KIND_INFO[kind].label : words(kind)}: ${textChange(change, false).toLowerCase()}`,
      );
      if (described.length) lines.push(line('E-mail templates', described.join('; ')));
    } else if (key in SETTING_WORDS && isChange(value)) {
      const { label, value: show } = SETTING_WORDS[key];
      lines.push(line(label, `${show(value.from)} → ${show(value.to)}`));
    } else if (key in LEGAL_TEXTS && isChange(value)) {
      lines.push(line(LEGAL_TEXTS[key], textChange(value, true)));
    } else if (value !== null && value !== undefined) {
      lines.push(line(words(key), fallbackValue(value, {})));
    }
  }
  return lines;
}

// --- money outcomes ---------------------------------------------------------------------------------------------

/** An admin's cancellation (RULES.md 2.4): how much of the deposit came back, and the total refunded. */
function cancelRefund(kind: unknown, amount: unknown): string {
  const refunded = money(amount);
  if (!hasMoney(amount)) return kind === 'full' ? 'Nothing to refund: nothing was charged' : 'No refund';
  if (kind === 'full') return `Full refund of ${refunded}`;
  if (kind === 'partial') return `Partial refund of ${refunded} (half the deposit, and anything paid beyond it)`;
  if (kind === 'none') return `${refunded} refunded (what was paid beyond the deposit); the deposit was kept`;
  return `${refunded} refunded`;
}

/** An admin's resolution of a dispute (RULES.md 2.5). */
function disputeOutcome(outcome: unknown, amount: unknown): string {
  if (outcome === 'release') return 'Payout released to the mediator';
  if (outcome === 'refund_full') return hasMoney(amount) ? `Full refund of ${money(amount)} to the lawyer` : 'Full refund to the lawyer';
  if (outcome === 'refund_partial')
    return hasMoney(amount) ? `Partial refund of ${money(amount)} to the lawyer; the rest paid to the mediator` : 'Partial refund to the lawyer';
  return hasMoney(amount) ? `${words(text(outcome) || 'refund')}: ${money(amount)}` : fallbackValue(outcome, {});
}

// --- targets ----------------------------------------------------------------------------------------------------

/** The chosen users of a broadcast by name: "Ann Lee, Bo Ray and 3 others". */
function chosenUsers(ids: unknown, people: Record<string, string>): string {
  const list = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  if (!list.length) return 'Chosen users';
  const named = list.map((id) => people[id.toLowerCase()] ?? people[id]).filter((name): name is string => Boolean(name));
  const shown = named.slice(0, 3);
  const rest = list.length - shown.length;
  if (!shown.length) return plural(list.length, 'chosen user');
  return rest ? `${shown.join(', ')} and ${plural(rest, 'other')}` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0];
}

function targetOf(entry: AuditEntryInput, names: AuditNames): string {
  const { targetType, details } = entry;
  if (names.targetUser) return personName(names.targetUser);
  switch (targetType) {
    case 'user': {
      const role = isOneOf(USER_ROLES, details.role) ? ROLE_WORDS[details.role].toLowerCase() : null;
      return role ? `A ${role}’s account, since removed` : 'A user since removed';
    }
    case 'users':
      return chosenUsers(details.userIds, names.people);
    case 'all_users':
      return 'Everyone with an active account';
    case 'settings':
      return 'Platform settings';
    case 'request':
      return names.targetLabel ?? 'A request since removed';
    case 'dispute':
      return names.targetLabel ? `Dispute on ${names.targetLabel}` : 'A dispute since removed';
    case 'contact_message':
      return names.targetLabel ? `Support message ${names.targetLabel}` : 'A support message since removed';
    default:
      return names.targetLabel ?? (targetType ? words(targetType) : '—');
  }
}

// --- the entry --------------------------------------------------------------------------------------------------

function describeDetails(entry: AuditEntryInput, names: AuditNames): { title?: string; lines: Line[] } {
  const d = entry.details;
  const people = names.people;
  const nameOf = (id: unknown) => (typeof id === 'string' ? (people[id.toLowerCase()] ?? people[id] ?? 'A mediator since removed') : 'None');
  switch (entry.action as AuditAction) {
    case 'user.status':
      return { lines: [line('Status', `${statusWords(d.from)} → ${statusWords(d.to)}`), ...otherLines(d, ['from', 'to'], people)] };
    case 'user.delete':
      return {
        lines: [
          line(
            'Outcome',
            d.outcome === 'removed'
              ? 'Removed with everything they had (no money or case history)'
              : d.outcome === 'anonymized'
                ? 'Anonymised: name, contact details and photo erased; money and case history kept'
                : fallbackValue(d.outcome, people),
          ),
          line('Role', isOneOf(USER_ROLES, d.role) ? ROLE_WORDS[d.role] : 'No role chosen'),
          ...otherLines(d, ['outcome', 'role'], people),
        ],
      };
    case 'user.impersonate.start':
    case 'user.impersonate.stop':
      return { lines: otherLines(d, [], people) };
    case 'settings.update':
      return { lines: settingsLines(d) };
    case 'request.reassign':
      return {
        lines: [
          line('Mediator', `${nameOf(d.from)} → ${nameOf(d.to)}`),
          ...(d.status ? [line('Request status', requestStatusWords(d.status))] : []),
          ...sidesLines(d, people),
          ...otherLines(d, ['from', 'to', 'status', 'opposingCounsel'], people),
        ],
      };
    case 'request.cancel':
      return {
        lines: [
          ...(d.fromStatus ? [line('Status before', requestStatusWords(d.fromStatus))] : []),
          line('Refund', cancelRefund(d.refund, d.refundAmount)),
          ...(hasMoney(d.cancellationFee) ? [line('Cancellation fee to the mediator', money(d.cancellationFee))] : []),
          ...(hasMoney(d.platformFee) ? [line('Platform fee kept', money(d.platformFee))] : []),
          ...(text(d.reason) ? [line('Reason', text(d.reason))] : []),
          ...sidesLines(d, people),
          ...otherLines(d, ['fromStatus', 'refund', 'refundAmount', 'cancellationFee', 'platformFee', 'reason', 'opposingCounsel'], people),
        ],
      };
    case 'dispute.resolve':
      return {
        lines: [
          line('Outcome', disputeOutcome(d.outcome, d.refundAmount)),
          ...(text(d.note) ? [line('Note', text(d.note))] : []),
          // The request is the target already (its case).
          ...otherLines(d, ['requestId', 'outcome', 'refundAmount', 'note'], people),
        ],
      };
    case 'notification.broadcast': {
      const sent = typeof d.sent === 'number' ? d.sent : null;
      return {
        lines: [
          ...(text(d.title) ? [line('Title', text(d.title))] : []),
          ...(text(d.message) ? [line('Message', text(d.message).length > EXCERPT ? excerpt(text(d.message)) : text(d.message))] : []),
          ...(text(d.linkUrl) ? [line('Link', text(d.linkUrl))] : []),
          ...(sent !== null ? [line('Delivered to', plural(sent, 'person', 'people'))] : []),
          ...otherLines(d, ['title', 'message', 'linkUrl', 'sent', 'userIds'], people),
        ],
      };
    }
    case 'support.handled':
      if (typeof d.handled !== 'boolean') return { lines: otherLines(d, [], people) };
      return {
        title: d.handled ? 'Marked a support message handled' : 'Reopened a support message',
        lines: [line('Now', d.handled ? 'Handled' : 'Open (not handled)'), ...otherLines(d, ['handled'], people)],
      };
    case 'messages.read_joint':
      // An admin read the joint channel of a two-sided case (decision 046); the case is the target.
      return {
        lines: [
          line('Channel', 'Joint channel (both sides and the mediator)'),
          ...(typeof d.viewingAs === 'string'
            ? [line('While viewing as', people[d.viewingAs.toLowerCase()] ?? people[d.viewingAs] ?? 'A user since removed')]
            : []),
          ...otherLines(d, ['channel', 'viewingAs'], people),
        ],
      };
    case 'request.retention_hold':
      // The retention policy of closed cases' documents (decision 061); the case is the target.
      if (typeof d.hold !== 'boolean') return { lines: otherLines(d, [], people) };
      return {
        title: d.hold ? 'Held a case’s documents from purging' : 'Released a case’s documents for purging',
        lines: [line('Documents', d.hold ? 'Kept until released' : 'Purged under the retention policy'), ...otherLines(d, ['hold'], people)],
      };
    default:
      return { lines: otherLines(d, [], people) };
  }
}

/** One audit entry in words: what was done, by whom, to whom or what, and its particulars. */
export function describeAuditEntry(entry: AuditEntryInput, names: AuditNames): AuditDescription {
  const { title, lines } = describeDetails(entry, names);
  return {
    title: title ?? (isOneOf(AUDIT_ACTIONS, entry.action) ? AUDIT_ACTION_LABELS[entry.action] : words(entry.action)),
    by: names.actor ? `${personName(names.actor)} (${names.actor.email})` : 'An admin whose account was since deleted',
    target: targetOf(entry, names),
    lines,
  };
}
