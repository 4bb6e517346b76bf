import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeUserText } from '../../../common/email-templates';
import { composeEmail } from './email-templates';

// User text (a name) in an e-mail: one line, and nothing a mail client would turn into a link. Our own link stays as is.

const LINK = 'http://localhost:3000/reset-password?token=abc_DEF-123';
const URLISH = /(?:https?|ftp|mailto|javascript|data):\S|:\/\/|www\.[^\s\p{P}]|[.\u3002\uFF0E\uFF61][^\s\p{P}]|\S@\S/iu;

describe('neutralizeUserText', () => {
  it.each([
    ['Ada', 'Ada'],
    ['  José  María ', 'José María'],
    ["O'Brien", "O'Brien"],
    ['J.R.', 'J. R.'],
    ['St.John', 'St. John'],
    ['evil.com', 'evil. com'],
    ['https://phish.example/login', 'https: //phish. example/login'],
    ['www.phish.example', 'www. phish. example'],
    ['ada@evil.example', 'ada@ evil. example'],
    ['mailto:x@y.z', 'mailto: x@ y. z'],
    ['evil\u3002com', 'evil\u3002 com'],
    ['Ada\r\nBcc: victim@example.com', 'Ada Bcc: victim@ example. com'],
    ['Ada\u2028\u2029Lovelace', 'Ada Lovelace'],
    ['Ada\u202Emoc.live', 'Ada moc. live'],
    ['\u0000\u0007\u001b[31m', '[31m'],
  ])('%j → %j', (input, output) => {
    expect(neutralizeUserText(input)).toBe(output);
  });

  it('caps the text at 100 characters (whole code points)', () => {
    expect(neutralizeUserText('a'.repeat(5000))).toHaveLength(100);
    expect(Array.from(neutralizeUserText('😀'.repeat(150)))).toHaveLength(100);
  });

  it('never leaves a line break, a control character or anything link-like (fast-check)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('.', ':', '//', '@', 'http', 'www', 'com', '\r\n', '\u2028', '\u3002', '\uFF0E', 'a', '1', ' '),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const out = neutralizeUserText(pieces.join(''));
        expect(out).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069\p{Cs}]/u);
        expect(out).not.toMatch(URLISH);
        expect(Array.from(out).length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 500, seed: 20260302 },
    );
  });
});

describe('composeEmail', () => {
  it('neutralises the name, in the body and in an admin template that puts it in the subject, but not our link', () => {
    const overrides = { reset_password: { subject: 'Hello {{firstName}}', body: 'Hi {{firstName}},\n\n{{link}}\n' } };
    const mail = composeEmail('reset_password', overrides, { firstName: 'Ada\r\nBcc: x@evil.example\r\nhttps://phish.example', link: LINK });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toMatch(URLISH);
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hi Ada Bcc: x@ evil. example https: //phish. example,');
    expect(lines).toContain(LINK);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([LINK]);
  });

  it('the default templates greet by name and carry the link untouched', () => {
    for (const kind of ['verify_email', 'reset_password', 'password_changed'] as const) {
      const mail = composeEmail(kind, null, { firstName: 'visit evil.com', link: LINK });
      expect(mail.text).toContain('visit evil. com');
      expect(mail.text).toContain(LINK);
      expect(mail.text).not.toContain('evil.com');
    }
  });
});
