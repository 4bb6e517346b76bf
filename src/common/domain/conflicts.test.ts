import { describe, expect, it } from 'vitest';
import { findConflicts, nameKey } from './conflicts';

describe('nameKey', () => {
  it.each([
    ['Acme Corp', 'acme'],
    ['  acme   corp ', 'acme'],
    ['ACME Corporation', 'acme'],
    ['Acme, Inc.', 'acme'],
    ['Acme Inc', 'acme'],
    ['Smith & Reyes LLP', 'smith and reyes'],
    ['Smith and Reyes, L.L.P.', 'smith and reyes'],
    ['The Okafor Legal Group', 'okafor legal group'],
    ['Carter & Reyes LLP', 'carter and reyes'],
    ['Acme Holdings Co. Ltd', 'acme holdings'],
    ['Jane Doe', 'jane doe'],
    ['LLC', ''],
    ['  ', ''],
    ['The', 'the'],
  ])('%j → %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe('findConflicts', () => {
  const earlier = [
    { kind: 'party' as const, name: 'Acme Corp', caseName: 'Acme v. Beta', caseNumber: 'CV-1' },
    { kind: 'firm' as const, name: 'Firm LLP', caseName: 'Acme v. Beta', caseNumber: 'CV-1' },
    { kind: 'party' as const, name: 'ACME Corporation', caseName: 'Acme v. Gamma', caseNumber: 'CV-2' },
    { kind: 'party' as const, name: 'Inc.', caseName: 'Nameless', caseNumber: 'CV-3' },
  ];

  it.each([
    ['no names', [], []],
    ['a different name', [{ kind: 'party', name: 'Delta LLC' }], []],
    ['a name that is only a company form matches nothing', [{ kind: 'firm', name: 'Inc' }], []],
    [
      'the same party, other spelling, in two earlier cases',
      [{ kind: 'party', name: ' acme  corp ' }],
      [
        { name: 'acme corp', kind: 'party', caseName: 'Acme v. Beta', caseNumber: 'CV-1' },
        { name: 'acme corp', kind: 'party', caseName: 'Acme v. Gamma', caseNumber: 'CV-2' },
      ],
    ],
    [
      'a firm of this case that was a firm there',
      [{ kind: 'firm', name: 'Firm' }],
      [{ name: 'Firm', kind: 'firm', caseName: 'Acme v. Beta', caseNumber: 'CV-1' }],
    ],
    [
      'a party here that was a firm there (the kind does not matter)',
      [{ kind: 'party', name: 'firm llp' }],
      [{ name: 'firm llp', kind: 'party', caseName: 'Acme v. Beta', caseNumber: 'CV-1' }],
    ],
    [
      'a name listed twice gives one match per earlier case',
      [
        { kind: 'firm', name: 'Firm LLP' },
        { kind: 'firm', name: 'FIRM, LLP' },
      ],
      [{ name: 'Firm LLP', kind: 'firm', caseName: 'Acme v. Beta', caseNumber: 'CV-1' }],
    ],
  ] as const)('%s', (_, names, expected) => {
    expect(findConflicts(names, earlier)).toEqual(expected);
  });
});
