import { describe, expect, it } from 'vitest';
import { displayTabCount, TAB_COUNT_LIMIT } from './tab-counts';

describe('displayTabCount (docs/decisions/022)', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [101, '99+'],
  ])('%i is shown as %s', (count, shown) => {
    expect(displayTabCount(count)).toBe(shown);
  });

  it('the server stops counting exactly where "99+" starts', () => {
    expect(displayTabCount(TAB_COUNT_LIMIT - 1)).toBe(String(TAB_COUNT_LIMIT - 1));
    expect(displayTabCount(TAB_COUNT_LIMIT)).toBe(`${TAB_COUNT_LIMIT - 1}+`);
  });
});
