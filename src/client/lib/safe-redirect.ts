/** Where sign-in goes when `next` is missing or unsafe. */
export const DEFAULT_NEXT = '/';

/**
 * Tabs, newlines and other controls are dropped by the URL parser ("/\t/evil.com" becomes "//evil.com"), and browsers
 * read "\" as "/" in a path ("/\evil.com" is "//evil.com"): any of them in the value, raw or percent-encoded, is refused.
 */
function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/** Every percent-decoding of `value` (up to a few rounds), or null when one of them is malformed. */
function decodings(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * The path to follow after sign-in (`/auth?next=...`): only a path on our own origin, normalised, else the default.
 * It must start with a single "/", contain no backslash or control character in any decoding, never become
 * protocol-relative ("//host") once decoded, and still resolve to `origin`.
 */
export function safeNextPath(value: string | null | undefined, origin: string, fallback = DEFAULT_NEXT): string {
  if (!value || !value.startsWith('/')) return fallback;
  const forms = decodings(value);
  if (!forms || forms.some((form) => hasControlOrBackslash(form) || form.startsWith('//'))) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
