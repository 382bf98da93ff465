import type { ReactNode } from 'react';
import { useAuth } from '@strapi/strapi/admin';
import { Navigate, type RouteObject } from 'react-router-dom';

/** A widget of Strapi's home page, as its register hands them over. */
type Widget = { id: string; pluginId?: string; permissions?: { action: string }[] };

const SUPER_ADMIN = 'strapi-super-admin';

/** A right only a Super Admin (an organiser) holds in this panel: the widgets about the whole project ask for it. */
const ORGANISERS_ONLY = [{ action: 'admin::users.read' }];

/**
 * The home page's widgets: what was last edited and one's profile for everyone; the project's
 * statistics (accounts, tokens, entries per state) for the organisers only. "Last published" is
 * gone for everyone: the site has no draft stage (docs/decisions/002), so it stayed empty beside
 * a count of published entries.
 */
export const homeWidgets = <W extends Widget>(widgets: W[]): W[] =>
  widgets
    .filter((widget) => !(widget.pluginId === 'content-manager' && widget.id === 'last-published-entries'))
    .map((widget) =>
      (widget.pluginId === 'admin' && widget.id === 'key-statistics') || (widget.pluginId === 'content-manager' && widget.id === 'chart-entries')
        ? { ...widget, permissions: ORGANISERS_ONLY }
        : widget,
    );

/** Its page for a Super Admin; everyone else goes to their profile (name, language, password). */
function ForSuperAdmins({ children }: { children: ReactNode }) {
  const roles = useAuth('ForSuperAdmins', (state) => state.user?.roles);
  if (!roles) return null;
  return roles.some((role) => role.code === SUPER_ADMIN) ? children : <Navigate to="/me" replace />;
}

/**
 * Strapi's settings overview shows its plan ("Community"), a pricing link and the versions, and
 * every panel user has it: the only settings page an editor can open. "Einstellungen" takes an
 * editor to their profile instead; a Super Admin keeps the overview (and the logos set there).
 */
export const overviewForSuperAdmins = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) =>
    route.path !== 'settings/*'
      ? route
      : {
          ...route,
          children: route.children?.map((child) => {
            const load = child.lazy;
            if (child.path !== 'application-infos' || typeof load !== 'function') return child;
            return {
              ...child,
              lazy: async () => {
                const loaded = await load();
                const Page = loaded.Component;
                if (!Page) return loaded;
                return {
                  ...loaded,
                  Component: () => (
                    <ForSuperAdmins>
                      <Page />
                    </ForSuperAdmins>
                  ),
                };
              },
            } as RouteObject;
          }),
        },
  ) as RouteObject[];
