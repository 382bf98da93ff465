import path from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { modulesImportedAtTakeover } from './page-modules';
import { appRoutes } from './router';

const WEB = path.resolve(import.meta.dirname, '../..');
const allRoutes = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
const publicLazyRoutes = allRoutes(appRoutes(createQueryClient())).filter((route) => route.lazy && !route.path?.startsWith('/admin'));

describe("the modules a public page's takeover imports", () => {
  it('are known for every lazy public route', () => {
    expect(publicLazyRoutes.length).toBeGreaterThan(5);
    for (const route of publicLazyRoutes) expect(modulesImportedAtTakeover([{ route }]), route.path).toHaveLength(1);
  });

  it("name the module each route's lazy import loads", async () => {
    for (const route of publicLazyRoutes) {
      const [module] = modulesImportedAtTakeover([{ route }]);
      const exported = Object.values(await import(/* @vite-ignore */ path.join(WEB, module!)));
      const { Component } = await (route.lazy as () => Promise<{ Component: unknown }>)();
      expect(exported, route.path).toContain(Component);
    }
  });

  it('are none for a route in the entry (the landing page)', () => {
    expect(modulesImportedAtTakeover([{ route: { path: '/' } }, { route: {} }])).toEqual([]);
  });
});
