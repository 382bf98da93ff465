import { percentEncode, text, type Credentials, type HostileRequest, type Random, type Route } from './hostile-requests';
import type { ContentTypeShape, Landscape } from './landscape';

/**
 * The second alphabet's relation, populate and filter trees: deep and wide, through every
 * relation (and media, and createdBy/updatedBy) of every content type, with Strapi's operators,
 * sent to the panel's content manager as the editor (lists, entries, the relations endpoint,
 * writes that connect organisers' rows) and to the content API without login. The leak check
 * in front-door.test.ts reads every such answer for the planted codes, chat URLs and the
 * Super Admin's e-mail.
 */

const OPERATORS = ['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$null', '$notNull'];
const LIST_OPERATORS = ['$in', '$notIn', '$between'];
const LOGICAL = ['$or', '$and'];

/** Attributes that lead to another row: relations, media, and the panel users of createdBy/updatedBy. */
const linksOf = (shape: ContentTypeShape | undefined) =>
  Object.entries(shape?.attributes ?? {}).filter(([, attribute]) => attribute.type === 'relation' || attribute.type === 'media');
const fieldsOf = (shape: ContentTypeShape | undefined) => [
  'id',
  'documentId',
  ...Object.entries(shape?.attributes ?? {})
    .filter(([, attribute]) => !['relation', 'media', 'component', 'dynamiczone'].includes(attribute.type))
    .map(([name]) => name),
];

/** A value for a filter: what would tell a secret apart (a code's start, a chat URL's), or anything. */
function filterValue(random: Random, landscape: Landscape): string {
  switch (random.int(5)) {
    case 0:
      return landscape.codePrefixes.length > 0 ? random.pick(landscape.codePrefixes) : 'ABC';
    case 1:
      return random.pick(['https://chat', 'https://', 'chat.whatsapp', '@', 'owner', 'admin', '$2', 'true', '1', '0', '']);
    case 2:
      return String(random.pick([1, 2, 3, -1, 2 ** 31, 1e308]));
    default:
      return text(random, 12).slice(0, 40);
  }
}

/** What the site's server reads of a request line and its headers is 16 kB: the query stays well inside. */
const QUERY_BYTES = 8 * 1024;

type Tree = Record<string, unknown>;
/** Nodes a tree may still grow (deep and wide, but a query of a few hundred parameters at most). */
type Budget = { nodes: number };

/** A populate tree from uid: each level a few links, each maybe populated further, filtered, or cut to fields. */
function populateTree(random: Random, landscape: Landscape, uid: string | undefined, depth: number, budget: Budget, first?: string): Tree | string {
  const links = linksOf(uid ? landscape.types[uid] : undefined);
  if (depth <= 0 || links.length === 0 || budget.nodes-- <= 0) return random.pick(['true', '*', 'true']);
  const tree: Tree = {};
  const width = random.chance(0.15) ? Math.min(links.length * 3, 2 + random.int(20)) : 1 + random.int(Math.min(3, links.length));
  for (let index = 0; index < width; index++) {
    const [name, attribute] = index === 0 && first && links.some(([each]) => each === first) ? [first, landscape.types[uid!].attributes[first]] : random.pick(links);
    const branch: Tree = {};
    if (random.chance(0.75)) branch.populate = populateTree(random, landscape, attribute.target, depth - 1, budget);
    if (random.chance(0.2)) branch.filters = filterTree(random, landscape, attribute.target, 2, budget);
    if (random.chance(0.2)) branch.fields = Array.from({ length: 1 + random.int(3) }, () => random.pick(fieldsOf(attribute.target ? landscape.types[attribute.target] : undefined)));
    if (random.chance(0.1)) branch.sort = `${random.pick(fieldsOf(attribute.target ? landscape.types[attribute.target] : undefined))}:${random.pick(['asc', 'desc'])}`;
    tree[name] = Object.keys(branch).length > 0 ? branch : 'true';
  }
  return tree;
}

/** A filter tree from uid: along links to a field and an operator, sometimes under $or/$and/$not. */
function filterTree(random: Random, landscape: Landscape, uid: string | undefined, depth: number, budget: Budget, first?: string): Tree {
  const shape = uid ? landscape.types[uid] : undefined;
  const links = linksOf(shape);
  const roll = budget.nodes-- <= 0 ? 9 : random.int(10);
  if (roll === 0 && depth > 0) {
    return { [random.pick(LOGICAL)]: Array.from({ length: 1 + random.int(random.chance(0.1) ? 40 : 3) }, () => filterTree(random, landscape, uid, depth - 1, budget)) };
  }
  if (roll === 1 && depth > 0) return { $not: filterTree(random, landscape, uid, depth - 1, budget) };
  const firstLink = links.find(([each]) => each === first);
  if ((firstLink || roll < 7) && depth > 0 && links.length > 0) {
    const [name, attribute] = firstLink ?? random.pick(links);
    return { [name]: filterTree(random, landscape, attribute.target, depth - 1, budget) };
  }
  const field = random.pick(fieldsOf(shape));
  if (random.chance(0.2)) {
    const operator = random.pick(LIST_OPERATORS);
    return { [field]: { [operator]: Array.from({ length: random.chance(0.1) ? 200 : 1 + random.int(4) }, () => filterValue(random, landscape)) } };
  }
  return { [field]: { [random.pick(OPERATORS)]: filterValue(random, landscape) } };
}

/** qs's bracket syntax, as Strapi parses it: `a[b][0][c]=v`. */
function toQuery(value: unknown, prefix: string, pairs: string[]) {
  if (pairs.length > 400) return;
  if (Array.isArray(value)) value.forEach((each, index) => toQuery(each, `${prefix}[${index}]`, pairs));
  else if (value !== null && typeof value === 'object') for (const [key, each] of Object.entries(value)) toQuery(each, `${prefix}[${key}]`, pairs);
  else pairs.push(`${prefix}=${percentEncode(String(value))}`);
}

/** The query of a tree request: populate, filters, fields and sort through the links of uid. */
function treeQuery(random: Random, landscape: Landscape, uid: string, first?: string): string {
  const pairs: string[] = [];
  const deep = random.chance(0.2) ? 8 + random.int(25) : 1 + random.int(4);
  const budget: Budget = { nodes: random.chance(0.2) ? 200 : 30 };
  if (random.chance(0.8)) {
    const populate = random.chance(0.1) ? random.pick(['*', 'deep', `${first ?? 'houses'}.accessCodes`]) : populateTree(random, landscape, uid, deep, budget, first);
    toQuery(populate, 'populate', pairs);
  }
  if (random.chance(0.6)) toQuery(filterTree(random, landscape, uid, deep, budget, random.chance(0.5) ? first : undefined), 'filters', pairs);
  if (random.chance(0.15)) {
    const links = linksOf(landscape.types[uid]);
    const path = links.length > 0 ? `${random.pick(links)[0]}.${random.pick(['code', 'chatUrl', 'email', 'id', 'name'])}` : 'id';
    pairs.push(`sort=${encodeURIComponent(`${path}:${random.pick(['asc', 'desc'])}`)}`);
  }
  if (random.chance(0.2)) pairs.push(`pageSize=${random.pick(['1', '100', '1000'])}`);
  let query = '';
  for (const pair of pairs) {
    if (query.length + pair.length + 1 > QUERY_BYTES) break;
    query += `${query ? '&' : '?'}${pair}`;
  }
  return query;
}

export type RelationAlphabet = (random: Random) => HostileRequest[];

/** Organisers' fields a filter could test, letter by letter, and the start of a value each holds. */
const SECRET_FIELDS: Record<string, { field: string; known: (landscape: Landscape) => string | undefined }> = {
  'api::access-code.access-code': { field: 'code', known: (landscape) => landscape.codePrefixes[0] },
  'api::house.house': { field: 'chatUrl', known: (landscape) => landscape.secrets.find((secret) => secret.startsWith('https://'))?.slice(0, 30) },
  'admin::user': { field: 'email', known: (landscape) => landscape.secrets.find((secret) => secret.includes('@'))?.slice(0, 5) },
};

/** Paths of links from each of the editor's types to a secret field, at most `depth` links long. */
function pathsToSecrets(landscape: Landscape, depth = 3): { uid: string; path: string[]; target: string }[] {
  const found: { uid: string; path: string[]; target: string }[] = [];
  const walk = (start: string, at: string, path: string[]) => {
    if (path.length > 0 && SECRET_FIELDS[at]) found.push({ uid: start, path, target: at });
    if (path.length >= depth) return;
    for (const [name, attribute] of linksOf(landscape.types[at])) if (attribute.target) walk(start, attribute.target, [...path, name]);
  };
  for (const uid of landscape.editorTypes) if (landscape.types[uid]?.kind === 'collectionType') walk(uid, uid, []);
  return found;
}

/** How many entries an answer of the content manager or the content API counts, or undefined. */
export function countOf(text: string): number | undefined {
  try {
    const body = JSON.parse(text) as { pagination?: { total?: number }; meta?: { pagination?: { total?: number } }; results?: unknown[]; data?: unknown[] };
    return body.pagination?.total ?? body.meta?.pagination?.total ?? body.results?.length ?? (Array.isArray(body.data) ? body.data.length : undefined);
  } catch {
    return undefined;
  }
}

/**
 * The relation alphabet over a landscape. Its first requests take the relations of the model in
 * turn as their first step (every link of every type, then again), the rest of the tree at random.
 */
export function relationAlphabet(routes: readonly Route[], landscape: Landscape, credentials: Credentials): RelationAlphabet {
  const links = Object.values(landscape.types).flatMap((shape) => linksOf(shape).map(([name]) => ({ uid: shape.uid, name })));
  let turn = 0;
  const editorHeaders = (): Record<string, string> => (credentials.editorToken ? { authorization: `Bearer ${credentials.editorToken}` } : {});
  const contentApi = routes.filter((route) => route.method === 'GET' && route.path.startsWith('/api/') && !/^\/api\/(admin|shop|settings|auth|site-content|users-permissions|upload|i18n|connect)\b/.test(route.path));
  const anyDocumentId = (random: Random) => random.pick(Object.values(landscape.entries).flat().concat(['x']));
  const secretPaths = pathsToSecrets(landscape);

  /**
   * The same list asked for twice by the editor, filtered through links to an organisers' field:
   * once by the start of a value it holds, once by a start none holds. Different counts would tell
   * the editor a secret letter by letter. The first is asked again last: the two must agree, so
   * that a change by another request in between is not taken for an oracle.
   */
  const oraclePair = (random: Random): HostileRequest[] => {
    const { uid, path, target } = random.pick(secretPaths);
    const { field, known } = SECRET_FIELDS[target];
    const operator = random.pick(['$startsWith', '$startsWithi', '$contains', '$eq']);
    const value = known(landscape) ?? 'A';
    const ask = (tried: string): HostileRequest => {
      const query = `filters${path.map((each) => `[${each}]`).join('')}[${field}][${operator}]=${percentEncode(tried)}`;
      const full = `/cms/content-manager/collection-types/${uid}?${query}`;
      return { label: `GET ${full} as the editor`, method: 'GET', path: full, headers: editorHeaders(), who: 'editor' };
    };
    return [ask(value), ask('\u00a7\u00a7\u00a7'), { ...ask(value), oracleOf: [0, 1] }];
  };

  return (random) => {
    const { uid, name } = links.length > 0 ? links[turn++ % links.length] : { uid: random.pick(landscape.editorTypes), name: undefined };
    const shape = landscape.types[uid];
    const collection = shape.kind === 'collectionType';
    const documentId = random.pick(landscape.entries[uid] ?? [anyDocumentId(random)]);
    const editorRead = (path: string): HostileRequest => ({ label: `GET ${path.slice(0, 600)} as the editor`, method: 'GET', path, headers: editorHeaders(), who: 'editor' });
    if (secretPaths.length > 0 && random.chance(0.1)) return oraclePair(random);
    if (secretPaths.length > 0 && random.chance(0.15)) {
      // Straight along a path to organisers' data: populated, the leak check reads what comes back.
      const { uid: own, path } = random.pick(secretPaths);
      const populate = path.reduceRight<unknown>((inner, link) => ({ [link]: inner === true ? 'true' : { populate: inner } }), true);
      const pairs: string[] = [];
      toQuery(populate, 'populate', pairs);
      const entry = random.chance(0.5) ? '' : `/${random.pick(landscape.entries[own] ?? ['x'])}`;
      return [editorRead(`/cms/content-manager/collection-types/${own}${entry}?${pairs.join('&')}`)];
    }
    switch (random.int(10)) {
      case 0:
      case 1:
      case 2: {
        const base = collection ? `/cms/content-manager/collection-types/${uid}` : `/cms/content-manager/single-types/${uid}`;
        return [editorRead(`${base}${treeQuery(random, landscape, uid, name)}`)];
      }
      case 3:
        return [editorRead(`/cms/content-manager/collection-types/${uid}/${documentId}${treeQuery(random, landscape, uid, name)}`)];
      case 4: {
        const field = name ?? 'houses';
        const path = random.chance(0.5) ? `/cms/content-manager/relations/${uid}/${field}` : `/cms/content-manager/relations/${uid}/${documentId}/${field}`;
        const query = random.chance(0.5) ? `?pageSize=${random.pick(['10', '100'])}&_q=${percentEncode(filterValue(random, landscape))}` : '';
        return [editorRead(`${path}${query}`)];
      }
      case 5: {
        // Connect organisers' rows through a link of a type the editor edits, then read them back through it.
        const own = random.pick(landscape.editorTypes.filter((each) => linksOf(landscape.types[each]).some(([, attribute]) => attribute.type === 'relation')).concat(uid));
        const [field, attribute] = random.pick(linksOf(landscape.types[own]).concat([[name ?? 'houses', { type: 'relation' }]]));
        const targets = landscape.entries[attribute.target ?? 'api::house.house'] ?? landscape.entries['api::house.house'] ?? [];
        const chosen = targets.slice(0, 1 + random.int(Math.max(1, targets.length)));
        const value = random.pick([
          { connect: chosen.map((each) => ({ documentId: each })) },
          { set: chosen.map((each) => ({ documentId: each })) },
          chosen,
          { connect: chosen.map((each) => ({ documentId: each, position: { end: true } })) },
          { disconnect: chosen.map((each) => ({ documentId: each })) },
        ]);
        const single = landscape.types[own].kind === 'singleType';
        const entry = single ? '' : `/${random.pick(landscape.entries[own] ?? ['x'])}`;
        const base = single ? `/cms/content-manager/single-types/${own}` : `/cms/content-manager/collection-types/${own}${entry}`;
        const body = Buffer.from(JSON.stringify({ [field]: value }));
        return [
          { label: `PUT ${base} as the editor, body ${body.toString().slice(0, 300)}`, method: 'PUT', path: base, headers: { ...editorHeaders(), 'content-type': 'application/json' }, body, who: 'editor' },
          editorRead(`${base}${treeQuery(random, landscape, own, field)}`),
        ];
      }
      default: {
        if (contentApi.length === 0) return [editorRead(`/cms/content-manager/single-types/${uid}`)];
        const route = random.pick(contentApi);
        const path = route.path.replace(/:\w+/g, () => anyDocumentId(random));
        const root = Object.values(landscape.types).find((each) => path.includes(each.uid.split('.').pop()!))?.uid ?? uid;
        const full = `${path}${treeQuery(random, landscape, root, root === uid ? name : undefined)}`;
        return [{ label: `GET ${full.slice(0, 600)} without login`, method: 'GET', path: full, headers: {}, who: 'anonymous' }];
      }
    }
  };
}
