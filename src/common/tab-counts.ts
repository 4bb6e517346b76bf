/**
 * A mediator's tab counts are counted up to this many (docs/decisions/022): the server stops there, so an answer of
 * TAB_COUNT_LIMIT means "that many or more", shown as "99+".
 */
export const TAB_COUNT_LIMIT = 100;

/** A tab or card count as shown: "99+" once the server stopped counting. */
export function displayTabCount(count: number): string {
  return count >= TAB_COUNT_LIMIT ? `${TAB_COUNT_LIMIT - 1}+` : String(count);
}
