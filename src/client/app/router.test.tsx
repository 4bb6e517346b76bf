// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHELL_SECTIONS } from '../../common/shell-sections';
import { RouteBoundary } from './route-error';
import { appRoutes } from './router';

function allRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

describe('router', () => {
  it('gives every route an error boundary', () => {
    const routes = allRoutes(appRoutes);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((route) => (route.element as React.ReactElement | undefined)?.type !== RouteBoundary).map((route) => route.path ?? route.id);
    expect(missing).toEqual([]);
  });

  it("lists the signed-in shell's sections exactly as the server knows them (the shell document, decision 033)", () => {
    const shell = allRoutes(appRoutes).find((route) => route.id === 'app-shell');
    const sections = new Set(allRoutes(shell?.children ?? []).flatMap((route) => (route.path ? [route.path.split('/')[1]] : [])));
    expect([...sections].sort()).toEqual([...SHELL_SECTIONS].sort());
  });
});
