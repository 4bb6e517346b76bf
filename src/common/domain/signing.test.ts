import { describe, expect, it } from 'vitest';
import { TermSheetContentSchema, type TermSheetContentInput } from '../schemas/signing';
import { DEFAULT_AGREEMENT_TEMPLATE, diffTermSheets, emailHint, fillAgreement, termSheetSections } from './signing';

const content = (changes: Partial<TermSheetContentInput> = {}) =>
  TermSheetContentSchema.parse({
    parties: [
      { name: 'Ann Applicant', side: 'first', email: 'ann@example.com' },
      { name: 'Rob Respondent', side: 'second' },
    ],
    payments: [{ amount: '25000.00', payer: 'Rob Respondent', payee: 'Ann Applicant', dueDate: '2026-04-30' }],
    releases: 'Mutual releases.',
    ...changes,
  });

describe('the term sheet as sections', () => {
  it('says every section in order, an empty one as "None."', () => {
    const sections = termSheetSections(content());
    expect(sections.map((s) => s.heading)).toEqual(['1. Parties', '2. Payment terms', '3. Releases', '4. Confidentiality', '5. Dismissal', '6. Other terms']);
    expect(sections[0].lines).toEqual(['Ann Applicant (Requesting side), signs at ann@example.com', 'Rob Respondent (Responding side)']);
    expect(sections[1].lines).toEqual(['Rob Respondent pays Ann Applicant $25,000 by 2026-04-30']);
    expect(sections[3].lines).toEqual(['None.']);
  });

  it('says "No payment." when there is none', () => {
    expect(termSheetSections(content({ payments: [] }))[1].lines).toEqual(['No payment.']);
  });
});

describe('the changes between two versions', () => {
  it.each([
    ['nothing changed', {}, []],
    [
      'an amount changed: the old line removed, the new added',
      { payments: [{ amount: '27500.00', payer: 'Rob Respondent', payee: 'Ann Applicant', dueDate: '2026-04-30' }] },
      [
        {
          section: 'payments',
          heading: 'Payment terms',
          removed: ['Rob Respondent pays Ann Applicant $25,000 by 2026-04-30'],
          added: ['Rob Respondent pays Ann Applicant $27,500 by 2026-04-30'],
        },
      ],
    ],
    [
      'a section filled in',
      { otherTerms: 'Each side bears its own fees.' },
      [{ section: 'otherTerms', heading: 'Other terms', removed: ['None.'], added: ['Each side bears its own fees.'] }],
    ],
    [
      'a party added keeps the others as they were',
      {
        parties: [
          { name: 'Ann Applicant', side: 'first', email: 'ann@example.com' },
          { name: 'Rob Respondent', side: 'second' },
          { name: 'Insurer Co', side: 'second' },
        ],
      },
      [{ section: 'parties', heading: 'Parties', removed: [], added: ['Insurer Co (Responding side)'] }],
    ],
  ] as const)('%s', (_, changes, expected) => {
    expect(diffTermSheets(content(), content(changes as Partial<TermSheetContentInput>))).toEqual(expected);
  });

  it('counts repeated lines: one of two identical payments removed is one line removed', () => {
    const payment = { amount: '100.00', payer: 'A', payee: 'B', dueDate: '2026-05-01' };
    const changes = diffTermSheets(content({ payments: [payment, payment] }), content({ payments: [payment] }));
    expect(changes).toEqual([{ section: 'payments', heading: 'Payment terms', removed: ['A pays B $100 by 2026-05-01'], added: [] }]);
  });
});

describe('the agreement to mediate', () => {
  const values = {
    mediatorName: 'Maya Mediator',
    caseName: 'Smith v. Jones',
    caseNumber: 'MH-1',
    fee: '$4,000.00',
    cancellationWindowHours: 48,
    counsel: 'Lena Lawyer',
  };

  it('fills every placeholder of the default text from the case', () => {
    const text = fillAgreement(DEFAULT_AGREEMENT_TEMPLATE, values);
    expect(text).not.toMatch(/\{\{/);
    for (const part of ['Maya Mediator', 'Smith v. Jones (Case #MH-1)', '$4,000.00', 'less than 48 hours', 'Counsel: Lena Lawyer'])
      expect(text).toContain(part);
    expect(text).toMatch(/No recording/);
  });

  it('leaves an unknown placeholder as written', () => {
    expect(fillAgreement('Dear {{counsel}}, see {{unknown}}.', values)).toBe('Dear Lena Lawyer, see {{unknown}}.');
  });
});

describe('an e-mail hint', () => {
  it.each([
    ['ann.applicant@example.com', 'a•••@example.com'],
    ['x@y.org', 'x•••@y.org'],
  ])('%s → %s', (email, hint) => expect(emailHint(email)).toBe(hint));
});
