import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';

// The panel's second doors. A panel user who is not a Super Admin reads only the types their
// role may read, but Strapi checks that for the type a request names, not for the types its
// populate, filters and sort walk into: from a performer or a picture one reached access codes,
// chat URLs, dashboard users and a Super Admin's e-mail. This guard follows every such path
// through the schemas and refuses one that leaves what the user may read; it also keeps panel
// accounts' e-mails out of createdBy/updatedBy, the configuration of unreadable types and the
// panel's version information from them.

type Attribute = { type: string; target?: string; component?: string; components?: string[] };
type Schema = { attributes: Record<string, Attribute> };
type Ability = { can(action: string, subject?: string): boolean };
type PanelUser = { roles?: { code: string }[] };
type Router = { type?: string; routes: Route[] };
type Route = { method: string; path: string; config?: { middlewares?: unknown[] } };
type RouterInput = Router | ((context: { strapi: Core.Strapi }) => Router);

const SUPER_ADMIN = 'strapi-super-admin';
const READ_ENTRIES = 'plugin::content-manager.explorer.read';
const MEDIA = { 'plugin::upload.file': 'plugin::upload.read', 'plugin::upload.folder': 'plugin::upload.read' } as Record<string, string>;
const PANEL_ACCOUNTS = { 'admin::user': 'admin::users.read', 'admin::role': 'admin::roles.read' } as Record<string, string>;
/** What a panel user who may not read panel accounts learns of the one who last saved an entry. */
const AUTHOR_FIELDS = new Set(['id', 'documentId', 'firstname', 'lastname', 'username']);
/** Nesting deeper than any schema here has: a request asking for more is refused, not walked. */
const MAX_DEPTH = 8;

const refuse = (what: string): never => {
  throw new errors.ForbiddenError(`${what}: not readable with this role`);
};

const isSuperAdmin = (user: PanelUser | undefined) => (user?.roles ?? []).some((role) => role.code === SUPER_ADMIN);

function schemaOf(strapi: Core.Strapi, uid: string): Schema | undefined {
  return (strapi.contentTypes as unknown as Record<string, Schema>)[uid] ?? (strapi.components as unknown as Record<string, Schema>)[uid];
}

/** Whether a user with this ability may read the rows of a type (components are read with their owner). */
function mayRead(strapi: Core.Strapi, ability: Ability, uid: string | undefined): boolean {
  if (!uid) return false; // a polymorphic relation (a file's `related`) may lead anywhere
  if (uid in MEDIA) return ability.can(MEDIA[uid]);
  if (uid in PANEL_ACCOUNTS) return ability.can(PANEL_ACCOUNTS[uid]);
  if (uid in strapi.components) return true;
  return ability.can(READ_ENTRIES, uid);
}

/** The types an attribute leads to, or undefined for plain data. */
function targetsOf(attribute: Attribute): (string | undefined)[] | undefined {
  if (attribute.type === 'relation') return [attribute.target];
  if (attribute.type === 'media') return ['plugin::upload.file'];
  if (attribute.type === 'component') return [attribute.component];
  if (attribute.type === 'dynamiczone') return attribute.components ?? [];
  return undefined;
}

class PathGuard {
  constructor(
    private readonly strapi: Core.Strapi,
    private readonly ability: Ability,
  ) {}

  /** The type behind `name` on uid, refused when the user may not read it; undefined for plain data or an unknown name. */
  private step(uid: string, name: string, depth: number): string[] | undefined {
    if (depth > MAX_DEPTH) refuse('A path this deep');
    const attribute = schemaOf(this.strapi, uid)?.attributes[name];
    if (!attribute) return undefined; // Strapi's own validation answers unknown names
    const targets = targetsOf(attribute);
    if (!targets) return undefined;
    for (const target of targets) if (!mayRead(this.strapi, this.ability, target)) refuse(`${uid}.${name}`);
    return targets as string[];
  }

  /** Relational attributes of uid the user may read: what `*` stands for here. */
  private readableRelations(uid: string): Record<string, true> {
    const names = Object.entries(schemaOf(this.strapi, uid)?.attributes ?? {})
      .filter(([, attribute]) => (targetsOf(attribute) ?? [undefined]).every((target) => target && mayRead(this.strapi, this.ability, target)))
      .map(([name]) => [name, true] as const);
    return Object.fromEntries(names);
  }

  private dotted(uid: string, path: string, depth: number) {
    let current = [uid];
    for (const name of path.split('.')) {
      if (name === '*' || name === '') return;
      const next = current.flatMap((each) => this.step(each, name, depth) ?? []);
      if (next.length === 0) return;
      current = next;
      depth += 1;
    }
  }

  /** Strapi's populate forms: '*', 'a,b.c', ['a'], { a: true | '*' | { populate, filters, sort, on } }. Returns it with '*' narrowed. */
  populate(uid: string, value: unknown, depth = 0): unknown {
    if (value === '*' || value === true || value === 'true') return this.readableRelations(uid);
    if (typeof value === 'string') {
      const paths = value.split(',');
      if (paths.includes('*')) return this.readableRelations(uid);
      for (const path of paths) this.dotted(uid, path.trim(), depth);
      return value;
    }
    if (Array.isArray(value)) {
      if (value.includes('*')) return this.readableRelations(uid);
      return value.map((each) => this.populate(uid, each, depth));
    }
    if (!value || typeof value !== 'object') return value;
    const narrowed: Record<string, unknown> = {};
    for (const [name, nested] of Object.entries(value as Record<string, unknown>)) {
      if (name === '*') {
        Object.assign(narrowed, this.readableRelations(uid));
        continue;
      }
      const targets = this.step(uid, name, depth);
      if (targets && nested === '*') {
        narrowed[name] = { populate: Object.assign({}, ...targets.map((target) => this.readableRelations(target))) };
        continue;
      }
      if (!targets || !nested || typeof nested !== 'object') {
        narrowed[name] = nested;
        continue;
      }
      const options = { ...(nested as Record<string, unknown>) };
      for (const target of targets) {
        if (options.populate !== undefined) options.populate = this.populate(target, options.populate, depth + 1);
        if (options.filters !== undefined) this.filters(target, options.filters, depth + 1);
        if (options.sort !== undefined) this.sort(target, options.sort, depth + 1);
      }
      if (options.on && typeof options.on === 'object') {
        options.on = Object.fromEntries(
          Object.entries(options.on as Record<string, unknown>).map(([component, fragment]) => [
            component,
            fragment && typeof fragment === 'object' ? { ...fragment, populate: this.populate(component, (fragment as { populate?: unknown }).populate, depth + 1) } : fragment,
          ]),
        );
      }
      narrowed[name] = options;
    }
    return narrowed;
  }

  filters(uid: string, value: unknown, depth = 0): void {
    if (depth > MAX_DEPTH) refuse('A filter this deep');
    if (Array.isArray(value)) {
      for (const each of value) this.filters(uid, each, depth + 1);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [name, nested] of Object.entries(value as Record<string, unknown>)) {
      if (['$and', '$or', '$not'].includes(name)) this.filters(uid, nested, depth + 1);
      else if (name.startsWith('$')) continue; // a value operator: compares the field it sits under
      else for (const target of this.step(uid, name, depth) ?? []) this.filters(target, nested, depth + 1);
    }
  }

  sort(uid: string, value: unknown, depth = 0): void {
    if (typeof value === 'string') {
      for (const part of value.split(',')) this.dotted(uid, part.split(':')[0].trim(), depth);
    } else if (Array.isArray(value)) {
      for (const each of value) this.sort(uid, each, depth + 1);
    } else if (value && typeof value === 'object') {
      for (const [name, nested] of Object.entries(value as Record<string, unknown>)) {
        const targets = this.step(uid, name, depth);
        for (const target of targets ?? []) this.sort(target, nested, depth + 1);
      }
    }
  }
}

/** Keeps the e-mail (and all else but the name) of whoever last saved an entry out of an answer. */
function withoutAuthorsDetails(body: unknown, depth = 0): void {
  if (depth > 12 || !body || typeof body !== 'object') return;
  if (Array.isArray(body)) {
    for (const each of body) withoutAuthorsDetails(each, depth + 1);
    return;
  }
  if (Object.getPrototypeOf(body) !== Object.prototype) return; // a stream or a buffer, not JSON
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if ((key === 'createdBy' || key === 'updatedBy') && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const field of Object.keys(value)) if (!AUTHOR_FIELDS.has(field)) delete (value as Record<string, unknown>)[field];
    } else withoutAuthorsDetails(value, depth + 1);
  }
}

/** The type a panel route reads, by its path: a content-manager model, or the media library's files and folders. */
function rootTypeOf(ctx: Context): string | undefined {
  const model = (ctx.params as Record<string, string> | undefined)?.model;
  if (model && /^\/content-manager\/(collection-types|single-types)\//.test(ctx.path)) return model;
  if (/^\/upload\/files(\/|$)/.test(ctx.path)) return 'plugin::upload.file';
  if (/^\/upload\/(folders|folder-structure)(\/|$)/.test(ctx.path)) return 'plugin::upload.folder';
  return undefined;
}

const guardPanelRequest =
  (strapi: Core.Strapi) =>
  async (ctx: Context, next: Next) => {
    const user = ctx.state.user as PanelUser | undefined;
    const ability = ctx.state.userAbility as Ability | undefined;
    if (!user || !ability || isSuperAdmin(user)) return next();

    const params = (ctx.params ?? {}) as Record<string, string>;
    if (ctx.path.startsWith('/content-manager/relations/') && params.model && params.targetField) {
      // A relation to a type the user may not read lists none of its rows.
      new PathGuard(strapi, ability).filters(params.model, { [params.targetField]: {} });
    }
    const configured = /^\/content-manager\/(content-types|components)\/([^/]+)\/configuration$/.exec(ctx.path);
    if (configured && configured[1] === 'content-types' && !mayRead(strapi, ability, decodeURIComponent(configured[2]))) {
      refuse(decodeURIComponent(configured[2]));
    }

    const root = rootTypeOf(ctx);
    if (root) {
      const guard = new PathGuard(strapi, ability);
      const query = ctx.query as Record<string, unknown>;
      if (query.filters !== undefined) guard.filters(root, query.filters);
      if (query.sort !== undefined) guard.sort(root, query.sort);
      if (query.populate !== undefined) {
        const populate = guard.populate(root, query.populate);
        if (JSON.stringify(populate) !== JSON.stringify(query.populate)) ctx.query = { ...query, populate } as typeof ctx.query;
      }
    }
    await next();
    withoutAuthorsDetails(ctx.body);
  };

/**
 * The Strapi version, environment and dependency list: for a Super Admin only. The panel asks for
 * them on every page, for everyone; anyone else gets an answer without them (no 403 in their console).
 */
const superAdminOnly = async (ctx: Context, next: Next) => {
  if (isSuperAdmin(ctx.state.user as PanelUser | undefined)) return next();
  ctx.body = { data: {} };
};

export function addMiddleware(routers: Record<string, RouterInput>, middleware: (ctx: Context, next: Next) => Promise<unknown>, only?: (route: Route) => boolean) {
  const guarded = (router: Router): Router => {
    if (router.type === 'content-api') return router; // the REST API: Strapi's content-API sanitising and our public permissions
    for (const route of router.routes) {
      if (only && !only(route)) continue;
      route.config = { ...route.config, middlewares: [middleware, ...(route.config?.middlewares ?? [])] };
    }
    return router;
  };
  for (const [name, router] of Object.entries(routers)) {
    routers[name] = typeof router === 'function' ? (context) => guarded(router(context)) : guarded(router);
  }
}

/**
 * Puts the guard on the content manager's and the media library's panel routes, and the
 * Super Admin check on /admin/information. In register(): Strapi mounts the routes before the
 * app's bootstrap runs.
 */
export function guardPanelDoors(strapi: Core.Strapi) {
  const guard = guardPanelRequest(strapi);
  for (const plugin of ['content-manager', 'upload']) {
    addMiddleware(strapi.plugin(plugin).routes as unknown as Record<string, RouterInput>, guard);
  }
  const admin = (strapi as unknown as { admin: { routes: Record<string, RouterInput> } }).admin;
  addMiddleware(admin.routes, superAdminOnly, (route) => route.method === 'GET' && route.path === '/information');
}
