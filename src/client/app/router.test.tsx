// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
