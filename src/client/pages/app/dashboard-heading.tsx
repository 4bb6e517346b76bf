/**
 * The dashboard's heading. The build also draws it into the dashboard's document with a placeholder for the name,
 * which the server fills (app/shell-prerender.tsx, decision 064): the same markup, so the live page replaces it
 * without a shift and its paint is the page's largest one.
 */
export function DashboardHeading({ firstName, role }: { firstName: string; role: 'lawyer' | 'mediator' }) {
  return (
    <div>
      <h1 className="font-serif text-3xl font-semibold">Welcome back, {firstName}!</h1>
      <p className="mt-1 text-muted-foreground">
        {role === 'lawyer' ? 'Here is where your mediation requests stand.' : 'Here is your mediation practice at a glance.'}
      </p>
    </div>
  );
}
