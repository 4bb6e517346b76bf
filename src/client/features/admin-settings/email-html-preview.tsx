import { useDeferredValue, useMemo } from 'react';
import { previewEmailHtml } from '../../../common/email-layout-message';
import type { EmailKind, EmailTemplate } from '../../../common/email-templates';

/**
 * The e-mail as the recipient's client shows it: the HTML the server sends (the same code, the sample values), in a
 * sandboxed frame — an opaque origin of its own, no navigation, no forms, no popups — so the admin's text can reach
 * nothing of the page even if escaping failed. No script runs in it: its own policy (PREVIEW_NO_SCRIPTS) and the
 * page's inherited `script-src 'self'` forbid them; the sandbox still says allow-scripts because a frame where nothing
 * may run stalls axe and other accessibility checkers, which evaluate inside each frame. Loaded on its own (the layout
 * is not part of the settings page's first script).
 */
export function EmailHtmlPreview({ kind, template }: { kind: EmailKind; template: EmailTemplate }) {
  // Typing stays quick: the frame reloads with the text once React has time for it.
  const shown = useDeferredValue(template);
  const html = useMemo(() => previewEmailHtml(kind, shown, window.location.origin), [kind, shown]);
  return <iframe title="The e-mail as HTML" sandbox="allow-scripts" srcDoc={html} className="h-[36rem] w-full rounded-md border bg-white" />;
}
