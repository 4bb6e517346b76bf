import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ShellFrame } from './layouts/shell-frame';

/** The signed-in shell's frame, rendered at build time into the shell's document (scripts/build.mjs, decision 033). */
export function renderShellFrame(): string {
  return renderToStaticMarkup(
    <StrictMode>
      <ShellFrame />
    </StrictMode>,
  );
}
