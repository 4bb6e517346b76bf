import { Component, createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { claimAutoReload, isChunkLoadError, reloadPage } from '../lib/chunk-reload';

// Parts of a page loaded after it (docs/decisions/058): their code is a chunk of its own, fetched when first needed.
// A chunk that fails to load throws while rendering, so it reaches the route's error element like the page's own
// chunk would (app/route-error.tsx: a stale chunk after a deploy reloads the page once, then offers Reload).

/**
 * A lazily loaded dialog, sheet or panel that is closed at first: nothing (not even its code) until `open` is first
 * true; from then on it stays mounted, so it animates closed and keeps its state as one loaded with the page would.
 */
export function LazyWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * For a lazy part outside the router's routes (the toasts' region), which no route's error element covers: a stale
 * chunk reloads the page once as a route's would (the same guard against a loop); otherwise the part is left out and
 * the page goes on without it.
 */
export class LazyOutsideRoutes extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error) && claimAutoReload(window.sessionStorage, Date.now())) reloadPage();
  }

  render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/**
 * A dialog whose code loads when it is first opened: `lazyDialog(() => import('./x-dialog').then((m) => m.XDialog))`
 * at module level gives a component with the same props, drawn through LazyWhenOpened. One without an `open` prop is
 * open while it is rendered.
 */
export function lazyDialog<Dialog extends (props: never) => ReactNode>(load: () => Promise<Dialog>): (props: Parameters<Dialog>[0]) => ReactNode {
  type Props = Parameters<Dialog>[0];
  const Lazy = lazy(() => load().then((component) => ({ default: component as ComponentType<Props> })));
  return function LazyDialog(props: Props) {
    return <LazyWhenOpened open={(props as { open?: boolean }).open ?? true}>{createElement(Lazy, props)}</LazyWhenOpened>;
  };
}
