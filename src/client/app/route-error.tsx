import { RotateCw, TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { Button, buttonVariants } from '../components/ui/button';
import { claimAutoReload, isChunkLoadError, reloadPage } from '../lib/chunk-reload';
import { usePageTitle } from '../lib/use-page-title';

function describe(error: unknown): { title: string; text: string } {
  if (isChunkLoadError(error))
    return { title: 'A new version is available', text: 'This page changed since you opened the app. Reload to get the latest version.' };
  // A bug's own message means nothing to people and may show internals (spec 8): a plain sentence instead.
  return { title: 'Something went wrong', text: 'This page ran into a problem. Reloading usually fixes it; if not, try again in a few minutes.' };
}

/**
 * What every route shows when it fails (RouteBoundary): a friendly message and 'Reload'. A failed dynamic import (a
 * stale chunk after a deploy) reloads the page once by itself (`reloading`, decided by the boundary when the error is
 * committed); the sessionStorage guard in claimAutoReload stops a page that keeps failing from
 * reloading in a loop. `standalone` pages have no layout around them, so they bring their own main landmark.
 */
export function RouteError({ error, reloading = false, standalone = false }: { error: unknown; reloading?: boolean; standalone?: boolean }) {
  const { title, text } = describe(error);
  usePageTitle(title);
  if (reloading) return <PageLoading />;

  const body = (
    <div role="alert" className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="font-serif text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={reloadPage}>
          <RotateCw aria-hidden="true" />
          Reload
        </Button>
        <Link to="/" reloadDocument className={buttonVariants({ variant: 'outline' })}>
          Go to home
        </Link>
      </div>
    </div>
  );
  return standalone ? (
    <main id="main" className="min-h-dvh">
      {body}
    </main>
  ) : (
    body
  );
}

interface BoundaryProps {
  standalone: boolean;
  /** The location's key: a navigation clears the error, as the data router's error elements were cleared. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: { error: unknown; reloading: boolean } | null;
  locationKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error, reloading: false } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: null, locationKey: props.locationKey };
  }

  // Decided once per error, when it is committed (a render may be tried more than once): claiming writes the guard.
  componentDidCatch(error: unknown): void {
    if (!isChunkLoadError(error) || !claimAutoReload(window.sessionStorage, Date.now())) return;
    this.setState({ failed: { error, reloading: true } });
    reloadPage();
  }

  render(): ReactNode {
    const { failed } = this.state;
    return failed ? <RouteError error={failed.error} reloading={failed.reloading} standalone={this.props.standalone} /> : this.props.children;
  }
}

/**
 * Every route's error boundary (app/router.tsx gives each route one): an error thrown while drawing the route, or a
 * lazy module of it that fails to load, shows RouteError in its place. `standalone` pages have no layout around them.
 */
export function RouteBoundary({ standalone, children }: { standalone: boolean; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <Boundary standalone={standalone} locationKey={key}>
      {children}
    </Boundary>
  );
}
