import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { Button, buttonVariants } from '../components/ui/button';
import { claimAutoReload, isChunkLoadError, reloadPage } from '../lib/chunk-reload';
import { usePageTitle } from '../lib/use-page-title';

function describe(error: unknown): { title: string; text: string } {
  if (isChunkLoadError(error))
    return { title: 'A new version is available', text: 'This page changed since you opened the app. Reload to get the latest version.' };
  if (isRouteErrorResponse(error) && error.status === 404)
    return { title: 'Page not found', text: 'This page does not exist. Check the address or go back home.' };
  // A bug's own message means nothing to people and may show internals (spec 8): a plain sentence instead.
  return { title: 'Something went wrong', text: 'This page ran into a problem. Reloading usually fixes it; if not, try again in a few minutes.' };
}

/**
 * Every route's errorElement: a friendly message and 'Reload'. A failed dynamic import (a stale chunk after a deploy)
 * reloads the page once by itself; the sessionStorage guard in claimAutoReload stops a page that keeps failing from
 * reloading in a loop. `standalone` pages have no layout around them, so they bring their own main landmark.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  // Decided once, when the error first shows: claiming writes the guard, so it must not run on every render.
  const [reloading] = useState(() => isChunkLoadError(error) && claimAutoReload(window.sessionStorage, Date.now()));
  useEffect(() => {
    if (reloading) reloadPage();
  }, [reloading]);
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
