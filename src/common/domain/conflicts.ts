// The mediator's conflict check (issue 23, docs/decisions/047): which parties and firms of a case the mediator has
// already met in an earlier case of theirs on the platform. Pure; the server gathers the names and enforces the result.

/** A name of a case as counsel wrote it: a party, or a firm (counsel's own or one listed for a side). */
export interface CaseName {
  kind: 'party' | 'firm';
  name: string;
}

/** A name of one of the mediator's earlier cases, with that case's name and number (which the mediator knows). */
export interface EarlierCaseName extends CaseName {
  caseName: string;
  caseNumber: string;
}

export interface ConflictMatchFound {
  /** The name as written in this case. */
  name: string;
  kind: 'party' | 'firm';
  caseName: string;
  caseNumber: string;
}

/**
 * Company forms dropped at the end of a name, so "Acme, Inc." meets "ACME Inc" and "Smith & Reyes LLP" meets
 * "Smith and Reyes". Written without dots (dots are removed before the comparison).
 */
const SUFFIXES = new Set([
  'llp',
  'llc',
  'lp',
  'lllp',
  'pllc',
  'pc',
  'pa',
  'plc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'gmbh',
]);

/**
 * The key two names are compared by: case-insensitive, trimmed, inner whitespace collapsed, dots and commas dropped,
 * "&" read as "and", a leading "the" and trailing company forms removed. Empty when nothing is left to compare (a
 * name that was only a company form, say): such a name matches nothing.
 */
export function nameKey(name: string): string {
  const words = name.toLowerCase().replace(/[.,]/g, '').replace(/&/g, ' and ').split(/\s+/).filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1])) words.pop();
  if (words.length === 1 && SUFFIXES.has(words[0])) return '';
  return words.join(' ');
}

/**
 * Each name of this case found among the earlier cases' names, once per (name, earlier case). A party may meet a firm
 * of an earlier case and the other way round (a law firm can be a party): the kind does not matter to a conflict.
 * Names of this case that repeat (the same firm listed twice) give one match.
 */
export function findConflicts(caseNames: readonly CaseName[], earlier: readonly EarlierCaseName[]): ConflictMatchFound[] {
  const byKey = new Map<string, EarlierCaseName[]>();
  for (const e of earlier) {
    const key = nameKey(e.name);
    if (!key) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  const matches: ConflictMatchFound[] = [];
  const seen = new Set<string>();
  for (const c of caseNames) {
    const key = nameKey(c.name);
    for (const e of key ? (byKey.get(key) ?? []) : []) {
      const id = `${key}\u0000${e.caseNumber}\u0000${e.caseName}`;
      if (seen.has(id)) continue;
      seen.add(id);
      matches.push({ name: c.name.trim().replace(/\s+/g, ' '), kind: c.kind, caseName: e.caseName, caseNumber: e.caseNumber });
    }
  }
  return matches;
}
