// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHELL_SECTIONS } from '../../common/shell-sections';
import { router } from './router';

function allRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

describe('router', () => {
  it('gives every route an errorElement', () => {
    const routes = allRoutes(router.routes);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((route) => !route.errorElement).map((route) => route.path ?? route.id);
    expect(missing).toEqual([]);
  });

  it("lists the signed-in shell's sections exactly as the server knows them (the shell document, decision 033)", () => {
    const shell = allRoutes(router.routes).find((route) => route.id === 'app-shell');
    const sections = new Set(allRoutes(shell?.children ?? []).flatMap((route) => (route.path ? [route.path.split('/')[1]] : [])));
    expect([...sections].sort()).toEqual([...SHELL_SECTIONS].sort());
  });
});
