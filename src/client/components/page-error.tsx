import { QueryError } from './ui/query-error';

/** A whole page that could not load its data (the router's guards use it when the signed-in user cannot be read). */
export function PageError({ error, onRetry, retrying }: { error: unknown; onRetry: () => unknown; retrying?: boolean }) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16">
      <h1 className="font-serif text-2xl font-semibold">We could not load this page</h1>
      <QueryError error={error} onRetry={onRetry} retrying={retrying} title="The server did not answer as expected" />
    </main>
  );
}
