/**
 * Test inputs shared by the strict-id and odd-input API tests. 36-character strings that pass a loose
 * `[0-9a-f-]{36}` check but are not UUIDs: PostgreSQL refuses them as uuid input.
 */
export const NOT_UUIDS_36 = [
  '-'.repeat(36),
  'a'.repeat(36),
  '0'.repeat(36),
  'abcdef01023450678900abcd0ef0123456789'.slice(0, 36),
  '00000000-0000-0000-0000-00000000000-',
  '-00000000-0000-0000-0000-00000000000',
  '0000000000000000-0000-0000-000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000-0000-0000-0000-00000000000g',
];

/** Very long strings and odd Unicode: none of them may ever cause a 5xx. */
export const ODD_TEXT = [
  'x'.repeat(10_000),
  'é'.repeat(5_000),
  '😀'.repeat(3_000),
  'a\u0300\u0301\u0302\u0303'.repeat(60), // stacked combining marks
  '\u202Eevil\u202C',
  'Ada\u2028\u2029Lovelace',
  'Ada\r\nBcc: x@example.com',
  '\uFEFF\u200B\u200D',
  '\uFFFE\uFFFF',
  'a\ud800b',
  '\udc00',
  'ＡＢＣ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  'İ@example.com',
  '𝕏𝕪𝕫',
  '../../etc/passwd',
  '%00%2F%2e%2e',
  '\u0085\u009b',
];
