import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, describeAuditEntry, type AuditEntryInput, type AuditNames } from './audit-description';

const ADA = { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' };
const LEE = { firstName: 'Lee', lastName: 'Lawyer', email: 'lee@example.com' };
const PAT = '33333333-3333-4333-8333-333333333333';
const NIA = '44444444-4444-4444-8444-444444444444';
const OLA = '55555555-5555-4555-8555-555555555555';
const CASE = 'Smith v. Jones (Case #CV-1)';
const none: AuditNames = { actor: ADA, targetUser: null, targetLabel: null, people: {} };

/** What an admin must never have to read: an id, a stored code, a bare boolean, JSON. */
const RAW = [
  /[0-9a-f]{8}-[0-9a-f]{4}-/i,
  /\b[a-z]+_[a-z]+\b/,
  // An action's name (`support.handled`); not an e-mail address.
  /(^|\s)[a-z]+\.[a-z]+(\.[a-z]+)*(\s|$)/,
  /\b(true|false|null|undefined)\b/,
  /[{}[\]]/,
  /NaN/,
];

function expectWords(description: ReturnType<typeof describeAuditEntry>) {
  for (const text of [description.title, description.by, description.target, ...description.lines.flatMap((l) => [l.label, l.value])]) {
    // An e-mail address is the person's own (and test addresses hold digits and dots), but never holds an id.
    for (const raw of RAW)
      expect(raw === RAW[0] ? text : text.replace(/[^\s(]+@[^\s)]+/g, 'an address'), `"${text}" reads as a raw value (${raw})`).not.toMatch(raw);
  }
}

const lines = (d: ReturnType<typeof describeAuditEntry>) => d.lines.map((l) => [l.label, l.value]);

// One row per action the server writes (AUDIT_ACTIONS), with the details it writes (see each appendAudit call).
const CASES: Array<[string, AuditEntryInput, AuditNames, { title: string; target: string; lines: string[][] }]> = [
  [
    'a status change',
    { action: 'user.status', targetType: 'user', details: { from: 'approved', to: 'suspended' } },
    { ...none, targetUser: LEE },
    { title: 'Changed a user’s status', target: 'Lee Lawyer', lines: [['Status', 'Approved → Suspended']] },
  ],
  [
    'a removal',
    { action: 'user.delete', targetType: 'user', details: { outcome: 'removed', role: 'mediator' } },
    none,
    {
      title: 'Deleted a user',
      target: 'A mediator’s account, since removed',
      lines: [
        ['Outcome', 'Removed with everything they had (no money or case history)'],
        ['Role', 'Mediator'],
      ],
    },
  ],
  [
    'an anonymisation',
    { action: 'user.delete', targetType: 'user', details: { outcome: 'anonymized', role: null } },
    { ...none, targetUser: { firstName: 'Deleted', lastName: 'user', email: `deleted-${PAT}@deleted.invalid` } },
    {
      title: 'Deleted a user',
      target: 'Deleted user',
      lines: [
        ['Outcome', 'Anonymised: name, contact details and photo erased; money and case history kept'],
        ['Role', 'No role chosen'],
      ],
    },
  ],
  [
    'viewing as a user',
    { action: 'user.impersonate.start', targetType: 'user', details: {} },
    { ...none, targetUser: LEE },
    { title: 'Started viewing as a user', target: 'Lee Lawyer', lines: [] },
  ],
  [
    'the end of viewing as a user',
    { action: 'user.impersonate.stop', targetType: 'user', details: {} },
    { ...none, targetUser: LEE },
    { title: 'Stopped viewing as a user', target: 'Lee Lawyer', lines: [] },
  ],
  [
    'a settings change',
    {
      action: 'settings.update',
      targetType: 'settings',
      details: {
        commissionPercentage: { from: '10.00', to: '12.50' },
        minimumPlatformFee: { from: '50.00', to: '55.55' },
        defaultDeposit: { from: '250.00', to: '300.00' },
        matchWindowMinutes: { from: 20, to: 1 },
        priorityHeadStartMinutes: { from: 5, to: 10 },
        payoutHoldHours: { from: 72, to: 24 },
        termsOfService: { from: null, to: 'x'.repeat(400) },
        privacyPolicy: { from: 'Ours.', to: null },
        emailTemplates: {
          reset_password: { from: null, to: { subject: 'Hi', body: '{{link}}' } },
          verify_email: { from: { subject: 'a', body: 'b' }, to: null },
        },
      },
    },
    none,
    {
      title: 'Updated the platform settings',
      target: 'Platform settings',
      lines: [
        ['Commission', '10% → 12.5%'],
        ['Minimum platform fee', '$50 → $55.55'],
        ['Deposit', '$250 → $300'],
        ['Match window', '20 minutes → 1 minute'],
        ['Priority head start', '5 minutes → 10 minutes'],
        ['Payout hold', '72 hours → 24 hours'],
        ['Terms of service', `Replaced the standard text: “${'x'.repeat(160)}…”`],
        ['Privacy policy', 'Back to the standard text'],
        ['E-mail templates', 'Password reset: replaced the standard text; Confirm e-mail address: back to the standard text'],
      ],
    },
  ],
  [
    'a reassignment',
    { action: 'request.reassign', targetType: 'request', details: { from: PAT, to: NIA, status: 'in_progress' } },
    { ...none, targetLabel: CASE, people: { [PAT]: 'Pat Previous', [NIA]: 'Nia Next' } },
    {
      title: 'Reassigned a mediator',
      target: CASE,
      lines: [
        ['Mediator', 'Pat Previous → Nia Next'],
        ['Request status', 'In Progress'],
      ],
    },
  ],
  [
    'a reassignment away from a mediator since removed',
    { action: 'request.reassign', targetType: 'request', details: { from: PAT, to: NIA, status: 'matched' } },
    { ...none, targetLabel: CASE, people: { [NIA]: 'Nia Next' } },
    {
      title: 'Reassigned a mediator',
      target: CASE,
      lines: [
        ['Mediator', 'A mediator since removed → Nia Next'],
        ['Request status', 'Matched'],
      ],
    },
  ],
  [
    'a cancellation with half the deposit back',
    {
      action: 'request.cancel',
      targetType: 'request',
      details: {
        fromStatus: 'matched',
        refund: 'partial',
        refundAmount: '1275.00',
        cancellationFee: '112.50',
        platformFee: '12.50',
        reason: 'Parties settled.',
      },
    },
    { ...none, targetLabel: CASE },
    {
      title: 'Cancelled a request',
      target: CASE,
      lines: [
        ['Status before', 'Matched'],
        ['Refund', 'Partial refund of $1,275 (half the deposit, and anything paid beyond it)'],
        ['Cancellation fee to the mediator', '$112.50'],
        ['Platform fee kept', '$12.50'],
        ['Reason', 'Parties settled.'],
      ],
    },
  ],
  [
    'a reassignment in a two-sided case names opposing counsel',
    { action: 'request.reassign', targetType: 'request', details: { from: PAT, to: NIA, status: 'matched', opposingCounsel: OLA } },
    { ...none, targetLabel: CASE, people: { [PAT]: 'Pat Past', [NIA]: 'Nia Next', [OLA]: 'Ola Opponent' } },
    {
      title: 'Reassigned a mediator',
      target: CASE,
      lines: [
        ['Mediator', 'Pat Past → Nia Next'],
        ['Request status', 'Matched'],
        ['Sides', 'Two-sided case: opposing counsel Ola Opponent'],
      ],
    },
  ],
  [
    'a cancellation in a two-sided case names opposing counsel, or says they are gone',
    {
      action: 'request.cancel',
      targetType: 'request',
      details: { fromStatus: 'matched', refund: 'full', refundAmount: '250.00', reason: 'Settled.', opposingCounsel: OLA },
    },
    { ...none, targetLabel: CASE },
    {
      title: 'Cancelled a request',
      target: CASE,
      lines: [
        ['Status before', 'Matched'],
        ['Refund', 'Full refund of $250'],
        ['Reason', 'Settled.'],
        ['Sides', 'Two-sided case: opposing counsel A lawyer since removed'],
      ],
    },
  ],
  [
    'a cancellation in full',
    {
      action: 'request.cancel',
      targetType: 'request',
      details: { fromStatus: 'pending_mediators', refund: 'full', refundAmount: '250.00', cancellationFee: '0.00', platformFee: '0.00', reason: 'Duplicate.' },
    },
    { ...none, targetLabel: CASE },
    {
      title: 'Cancelled a request',
      target: CASE,
      lines: [
        ['Status before', 'Pending Mediators'],
        ['Refund', 'Full refund of $250'],
        ['Reason', 'Duplicate.'],
      ],
    },
  ],
  [
    'a cancellation that keeps the deposit',
    {
      action: 'request.cancel',
      targetType: 'request',
      details: { fromStatus: 'in_progress', refund: 'none', refundAmount: '1150.00', cancellationFee: '225.00', platformFee: '25.00', reason: 'No-show.' },
    },
    { ...none, targetLabel: CASE },
    {
      title: 'Cancelled a request',
      target: CASE,
      lines: [
        ['Status before', 'In Progress'],
        ['Refund', '$1,150 refunded (what was paid beyond the deposit); the deposit was kept'],
        ['Cancellation fee to the mediator', '$225'],
        ['Platform fee kept', '$25'],
        ['Reason', 'No-show.'],
      ],
    },
  ],
  [
    'a draft cancelled',
    {
      action: 'request.cancel',
      targetType: 'request',
      details: { fromStatus: 'draft', refund: 'full', refundAmount: '0.00', cancellationFee: '0.00', platformFee: '0.00', reason: 'Test.' },
    },
    { ...none, targetLabel: null },
    {
      title: 'Cancelled a request',
      target: 'A request since removed',
      lines: [
        ['Status before', 'Draft'],
        ['Refund', 'Nothing to refund: nothing was charged'],
        ['Reason', 'Test.'],
      ],
    },
  ],
  [
    'a dispute refunded in part',
    { action: 'dispute.resolve', targetType: 'dispute', details: { requestId: PAT, outcome: 'refund_partial', refundAmount: '400.00', note: 'Left early.' } },
    { ...none, targetLabel: CASE },
    {
      title: 'Resolved a dispute',
      target: `Dispute on ${CASE}`,
      lines: [
        ['Outcome', 'Partial refund of $400 to the lawyer; the rest paid to the mediator'],
        ['Note', 'Left early.'],
      ],
    },
  ],
  [
    'a dispute refunded in full',
    { action: 'dispute.resolve', targetType: 'dispute', details: { requestId: PAT, outcome: 'refund_full', refundAmount: '1400.00', note: 'No-show.' } },
    { ...none, targetLabel: CASE },
    {
      title: 'Resolved a dispute',
      target: `Dispute on ${CASE}`,
      lines: [
        ['Outcome', 'Full refund of $1,400 to the lawyer'],
        ['Note', 'No-show.'],
      ],
    },
  ],
  [
    'a dispute released',
    { action: 'dispute.resolve', targetType: 'dispute', details: { requestId: PAT, outcome: 'release', refundAmount: null, note: 'Done as agreed.' } },
    { ...none, actor: null, targetLabel: CASE },
    {
      title: 'Resolved a dispute',
      target: `Dispute on ${CASE}`,
      lines: [
        ['Outcome', 'Payout released to the mediator'],
        ['Note', 'Done as agreed.'],
      ],
    },
  ],
  [
    'a broadcast to everyone',
    { action: 'notification.broadcast', targetType: 'all_users', details: { title: 'Maintenance', message: 'Down at 2 AM.', linkUrl: null, sent: 1204 } },
    none,
    {
      title: 'Sent a notification',
      target: 'Everyone with an active account',
      lines: [
        ['Title', 'Maintenance'],
        ['Message', 'Down at 2 AM.'],
        ['Delivered to', '1,204 people'],
      ],
    },
  ],
  [
    'a broadcast to chosen users',
    {
      action: 'notification.broadcast',
      targetType: 'users',
      details: { title: 'Hello', message: 'Welcome.', linkUrl: '/help', sent: 5, userIds: [PAT, NIA, PAT, NIA, PAT] },
    },
    { ...none, people: { [PAT]: 'Pat Previous', [NIA]: 'Nia Next' } },
    {
      title: 'Sent a notification',
      target: 'Pat Previous, Nia Next, Pat Previous and 2 others',
      lines: [
        ['Title', 'Hello'],
        ['Message', 'Welcome.'],
        ['Link', '/help'],
        ['Delivered to', '5 people'],
      ],
    },
  ],
  [
    'a support message marked handled',
    { action: 'support.handled', targetType: 'contact_message', details: { handled: true } },
    { ...none, targetLabel: '“Cannot upload” from Pat Sender (pat@example.com)' },
    { title: 'Marked a support message handled', target: 'Support message “Cannot upload” from Pat Sender (pat@example.com)', lines: [['Now', 'Handled']] },
  ],
  [
    'a support message reopened',
    { action: 'support.handled', targetType: 'contact_message', details: { handled: false } },
    none,
    { title: 'Reopened a support message', target: 'A support message since removed', lines: [['Now', 'Open (not handled)']] },
  ],
  [
    'a joint channel read while viewing as counsel',
    { action: 'messages.read_joint', targetType: 'request', details: { channel: 'joint', viewingAs: PAT } },
    { ...none, targetLabel: 'Doe v. Roe (Case #DR-1)', people: { [PAT]: 'Pat Previous' } },
    {
      title: 'Read a joint message channel',
      target: 'Doe v. Roe (Case #DR-1)',
      lines: [
        ['Channel', 'Joint channel (both sides and the mediator)'],
        ['While viewing as', 'Pat Previous'],
      ],
    },
  ],
  [
    "a hold on a closed case's documents",
    { action: 'request.retention_hold', targetType: 'request', details: { hold: true } },
    { ...none, targetLabel: 'Doe v. Roe (Case #DR-1)' },
    { title: 'Held a case’s documents from purging', target: 'Doe v. Roe (Case #DR-1)', lines: [['Documents', 'Kept until released']] },
  ],
];

describe('describeAuditEntry', () => {
  it.each(CASES)('describes %s in words', (_, entry, names, expected) => {
    const description = describeAuditEntry(entry, names);
    expect({ title: description.title, target: description.target, lines: lines(description) }).toEqual(expected);
    expectWords(description);
  });

  it('has a row above for every action the server writes', () => {
    expect(new Set(CASES.map(([, entry]) => entry.action))).toEqual(new Set(AUDIT_ACTIONS));
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('names the admin by name and address, or says their account is gone', () => {
    const entry: AuditEntryInput = { action: 'user.status', targetType: 'user', details: { from: 'pending', to: 'approved' } };
    expect(describeAuditEntry(entry, { ...none, targetUser: LEE }).by).toBe('Ada Admin (ada@example.com)');
    expect(describeAuditEntry(entry, { ...none, actor: null }).by).toBe('An admin whose account was since deleted');
    expect(describeAuditEntry(entry, { ...none, actor: null }).target).toBe('A user since removed');
  });

  it('puts anything it does not know in words too: an older entry, an unknown key', () => {
    const description = describeAuditEntry(
      {
        action: 'request.archive',
        targetType: 'request_batch',
        details: { requestId: PAT, confirmed: true, kind: 'soft_delete', count: 1200, changes: { from: false, to: true }, extra: { a: 1, b: 2 } },
      },
      none,
    );
    expect(description.title).toBe('Request archive');
    expect(description.target).toBe('Request batch');
    expect(lines(description)).toEqual([
      ['Request id', 'A record no longer shown'],
      ['Confirmed', 'Yes'],
      ['Kind', 'Soft delete'],
      ['Count', '1,200'],
      ['Changes', 'No → Yes'],
      ['Extra', '2 values'],
    ]);
    expectWords(description);
  });
});
