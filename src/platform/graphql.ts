/*
 * The reference pages the platform generates for a GraphQL tab (`{ "tab": "API", "graphql":
 * "schema.graphql" }`, or `{ "source": …, "directory": … }`; read from @mintlify/prebuild of mint
 * 4.2.941, generateGraphqlDivisions): one page per field of the query root type at
 * `<directory>/queries/<field>`, per field of the mutation root at `<directory>/mutations/<field>`,
 * and per object, input, interface, union and enum type other than the roots at
 * `<directory>/types/<Type>`; `directory` is `graphql-reference` unless given. The tab's own
 * groups are kept, and groups "Queries", "Mutations" and "Types" are added to it.
 *
 * The schema is read here by a small scanner of the SDL, not a GraphQL parser: the names of type
 * definitions (and `extend` of them), the root types (`schema { query: … }`, else `Query`,
 * `Mutation`, `Subscription`) and the fields of the query and mutation roots. Descriptions
 * (strings, block strings) and comments are skipped. An SDL the platform's parser would refuse
 * still gives its names here.
 */

export const GRAPHQL_DEFAULT_DIRECTORY = 'graphql-reference';

/** The source and folder of a tab's `graphql` value, or undefined when it is neither a string nor `{ source }`. */
export function graphqlConfig(value: unknown): { source: string; directory: string } | undefined {
  const clean = (dir: string) =>
    dir
      .trim()
      .replace(/^\.?\/+/, '')
      .replace(/\/+$/, '');
  if (typeof value === 'string' && value.trim()) return { source: value.trim(), directory: GRAPHQL_DEFAULT_DIRECTORY };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { source, directory } = value as { source?: unknown; directory?: unknown };
    if (typeof source !== 'string' || !source.trim()) return undefined;
    return {
      source: source.trim(),
      directory: typeof directory === 'string' && clean(directory) ? clean(directory) : GRAPHQL_DEFAULT_DIRECTORY,
    };
  }
  return undefined;
}

type Token = { kind: 'name'; value: string } | { kind: 'punct'; value: string };

/** The SDL's names and punctuation, strings and comments left out. */
function tokens(sdl: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sdl.length;
  while (i < n) {
    const c = sdl[i]!;
    if (c === '#') {
      while (i < n && sdl[i] !== '\n' && sdl[i] !== '\r') i++;
    } else if (sdl.startsWith('"""', i)) {
      const end = sdl.indexOf('"""', i + 3);
      i = end < 0 ? n : end + 3;
    } else if (c === '"') {
      i++;
      while (i < n && sdl[i] !== '"' && sdl[i] !== '\n') i += sdl[i] === '\\' ? 2 : 1;
      i++;
    } else if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < n && /[A-Za-z0-9_]/.test(sdl[i]!)) i++;
      out.push({ kind: 'name', value: sdl.slice(start, i) });
    } else {
      if ('{}():=@|[]!'.includes(c)) out.push({ kind: 'punct', value: c });
      i++;
    }
  }
  return out;
}

const TYPE_KEYWORDS = new Set(['type', 'input', 'interface', 'union', 'enum', 'scalar']);
/** Words that start the next definition. */
const STOP = new Set([...TYPE_KEYWORDS, 'extend', 'schema', 'directive']);
const PAGE_KINDS = new Set(['type', 'input', 'interface', 'union', 'enum']);

export interface GraphqlPages {
  queries: string[];
  mutations: string[];
  types: string[];
}

/** The names the platform makes pages of, from an SDL. */
export function graphqlPages(sdl: string): GraphqlPages {
  const list = tokens(sdl);
  const kinds = new Map<string, string>();
  const fields = new Map<string, string[]>();
  const roots: Record<string, string | undefined> = {};
  let schemaBlock = false;
  for (let k = 0; k < list.length; k++) {
    const t = list[k]!;
    if (t.kind !== 'name') continue;
    if (t.value === 'schema' && list[k + 1]?.value === '{') {
      schemaBlock = true;
      for (k += 2; k < list.length && list[k]!.value !== '}'; k++) {
        const op = list[k]!.value;
        if (
          (op === 'query' || op === 'mutation' || op === 'subscription') &&
          list[k + 1]?.value === ':' &&
          list[k + 2]?.kind === 'name'
        ) {
          roots[op] = list[k + 2]!.value;
          k += 2;
        }
      }
      continue;
    }
    if (!TYPE_KEYWORDS.has(t.value) || list[k + 1]?.kind !== 'name') continue;
    const name = list[k + 1]!.value;
    if (!kinds.has(name)) kinds.set(name, t.value);
    k++;
    // Skip `implements …` and directives up to the body, when there is one.
    let j = k + 1;
    while (j < list.length && list[j]!.value !== '{' && !(list[j]!.kind === 'name' && STOP.has(list[j]!.value))) j++;
    if (list[j]?.value !== '{' || (t.value !== 'type' && t.value !== 'interface')) continue;
    // Fields at depth one: a name followed by `(` or `:`.
    const names = fields.get(name) ?? [];
    let depth = 0;
    let parens = 0;
    for (j++; j < list.length; j++) {
      const u = list[j]!;
      if (u.value === '{') depth++;
      else if (u.value === '}') {
        if (depth === 0) break;
        depth--;
      } else if (u.value === '(') parens++;
      else if (u.value === ')') parens--;
      else if (
        u.kind === 'name' &&
        depth === 0 &&
        parens === 0 &&
        list[j - 1]?.value !== '@' &&
        (list[j + 1]?.value === ':' || list[j + 1]?.value === '(')
      ) {
        const before = list[j - 1];
        // A field name starts the line of a field: after `{`, after a type (`]`, `!`, a name) or a directive's arguments.
        if (before && before.value === ':') continue;
        names.push(u.value);
      }
    }
    fields.set(name, names);
    k = j;
  }
  const query = schemaBlock ? roots.query : kinds.has('Query') ? 'Query' : undefined;
  const mutation = schemaBlock ? roots.mutation : kinds.has('Mutation') ? 'Mutation' : undefined;
  const subscription = schemaBlock ? roots.subscription : kinds.has('Subscription') ? 'Subscription' : undefined;
  const rootNames = new Set([query, mutation, subscription].filter((r): r is string => r !== undefined));
  const unique = (names: string[]) => [...new Set(names)];
  return {
    queries: query && kinds.get(query) === 'type' ? unique(fields.get(query) ?? []) : [],
    mutations: mutation && kinds.get(mutation) === 'type' ? unique(fields.get(mutation) ?? []) : [],
    types: [...kinds]
      .filter(([name, kind]) => PAGE_KINDS.has(kind) && !rootNames.has(name) && !name.startsWith('__'))
      .map(([name]) => name),
  };
}

/** The routes of a GraphQL tab's generated pages (as written: the platform keeps the names' case). */
export function graphqlRoutes(pages: GraphqlPages, directory: string): string[] {
  return [
    ...pages.queries.map((n) => `${directory}/queries/${n}`),
    ...pages.mutations.map((n) => `${directory}/mutations/${n}`),
    ...pages.types.map((n) => `${directory}/types/${n}`),
  ];
}
