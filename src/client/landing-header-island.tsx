import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingHeader } from './pages/public/landing/landing-header';

// Loaded by the landing document on the first press of a header button (decision 028): React and the header's
// code arrive only then, and the header's HTML (rendered at build time) is hydrated in place.

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Hydrates the header under `container`; resolves once its event handlers are live. */
export function hydrateLandingHeader(container: Element): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <Hydrated onHydrated={resolve}>
          <LandingHeader />
        </Hydrated>
      </StrictMode>,
    );
  });
}
