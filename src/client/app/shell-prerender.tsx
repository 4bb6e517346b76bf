import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FIRST_NAME_SLOT } from '../../common/shell-sections';
import { DashboardHeading } from '../pages/app/dashboard-heading';
import { ShellFrame } from './layouts/shell-frame';

const render = (main?: ReactNode) =>
  renderToStaticMarkup(
    <StrictMode>
      <ShellFrame>{main}</ShellFrame>
    </StrictMode>,
  );

/** The signed-in shell's frame, rendered at build time into the shell's document (scripts/build.mjs, decision 033). */
export function renderShellFrame(): string {
  return render();
}

/**
 * The frame with the dashboard's heading for a role, the name left as FIRST_NAME_SLOT for the server to fill
 * (decision 064). The page's own grid around it, so the heading sits where the live page draws it; `drawn-heading`
 * (styles.css) has the heading wait for its face, so it is painted once, at its final size.
 */
export function renderDashboardFrame(role: 'lawyer' | 'mediator'): string {
  return render(
    <div className="drawn-heading grid gap-8">
      <DashboardHeading firstName={FIRST_NAME_SLOT} role={role} />
    </div>,
  );
}

// The build reads these beside the renderers (scripts/build.mjs bundles this module for node).
export { DASHBOARD_DOCUMENTS, FIRST_NAME_SLOT } from '../../common/shell-sections';
