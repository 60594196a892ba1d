import {
  Alias,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  YAMLParseError,
  type Document,
  type Node as YamlNode,
} from 'yaml';

/*
 * YAML as doclint reads it (front matter, OpenAPI specs, `.doclintrc.yaml`): the `yaml` library's
 * parser and converter, without their two quadratic parts, and with bounds on what a small text
 * can make them do.
 *
 * - Duplicate keys: `uniqueKeys` compares each key with every earlier key of its map (200,000 keys
 *   took minutes). Here the parser runs without it and one hash set per map finds the same
 *   duplicates, reported as the library reports them (`Map keys must be unique`, at the key).
 * - Aliases: `Alias.resolve` walks the whole document for each alias to find its anchor, and walks
 *   it again for each alias inside an anchored node (20,000 anchor/alias pairs took 26 s; 400
 *   anchored lists beside 100,000 keys, 31 s). Here every alias is linked to its anchor in one pass,
 *   and resolution looks the link up; the library's own alias-expansion measure (`maxAliasCount`)
 *   is kept, computed the same way.
 * - Merge keys (`<<: *base`, OpenAPI only) copy the merged map each time: the conversions they add
 *   are counted before converting, and bounded.
 */

export interface YamlLimits {
  /** The library's measure of alias expansion (uses of an anchor, weighted by the aliases inside it). */
  maxAliasCount: number;
  /** Anchors and aliases together. */
  maxAnchorsAndAliases: number;
  /** Keys of all the maps together. */
  maxKeys: number;
  /** Nodes converted again because a `<<` merge key copies them. */
  maxMergedNodes: number;
}

/** A bound of `YamlLimits` that a document goes past: `message` says which, without a subject ("has more than 1,000 keys"). */
export class YamlLimitError extends Error {
  constructor(
    message: string,
    /** Offset in the text of the node that went past the bound. */
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The library's message when `maxAliasCount` is exceeded (callers recognise "alias count"). */
const ALIAS_COUNT_MESSAGE = 'Excessive alias count indicates a resource exhaustion attack';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * `parseDocument` with duplicate keys found in linear time: the same errors `uniqueKeys: true`
 * gives (code `DUPLICATE_KEY`, at the repeated key), among the parser's own errors in text order.
 */
export function parseYamlDocument(text: string, options: { merge?: boolean } = {}): Document.Parsed {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false, merge: options.merge ?? false });
  const duplicates: YAMLParseError[] = [];
  visit(doc, {
    Map(_key, map) {
      const seen = new Map<unknown, true>();
      for (const pair of map.items) {
        const key = pair.key;
        // The library's test: the same node, or two scalars whose values are `===` (so NaN never is).
        if (!isScalar(key) || (typeof key.value === 'number' && Number.isNaN(key.value))) continue;
        if (seen.has(key.value)) {
          const at = key.range?.[0] ?? 0;
          duplicates.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
        } else seen.set(key.value, true);
      }
    },
  });
  if (duplicates.length) {
    // In text order, among the parser's errors (also in text order), as the library reports them.
    duplicates.sort((x, y) => x.pos[0] - y.pos[0]);
    const merged: YAMLParseError[] = [];
    let d = 0;
    for (const error of doc.errors) {
      while (d < duplicates.length && duplicates[d]!.pos[0] < error.pos[0]) merged.push(duplicates[d++]!);
      merged.push(error);
    }
    while (d < duplicates.length) merged.push(duplicates[d++]!);
    doc.errors.length = 0;
    for (const e of merged) doc.errors.push(e);
  }
  return doc;
}

interface AnchorData {
  aliasCount: number;
  count: number;
  res: unknown;
}

interface ToJSContext {
  anchors: Map<YamlNode, AnchorData>;
  maxAliasCount: number;
  onCreate?: (res: unknown) => void;
}

function isMergeKey(key: unknown): boolean {
  return (
    isScalar(key) &&
    typeof key.value === 'symbol' &&
    key.value.description === '<<' &&
    (!key.type || key.type === 'PLAIN')
  );
}

/**
 * Converts a parsed document (without errors) to plain values, as `doc.toJS({ maxAliasCount })`
 * does, in time linear in the document. Throws a YamlLimitError past a bound, or the library's
 * ReferenceError past `maxAliasCount` (its message names the "alias count").
 */
export function yamlToJS(doc: Document.Parsed, limits: YamlLimits): unknown {
  const targets = aliasTargets(doc, limits);
  // Conversions merge keys add: a merge converts its source map again (and the merges inside it).
  if (targets.size) checkMergedNodes(doc, targets, limits);
  linkAliases(targets);
  return doc.toJS({ maxAliasCount: limits.maxAliasCount });
}

/** The offset of a node in the source (0 when it has none). */
const nodeOffset = (node: unknown): number => (node as { range?: number[] } | null)?.range?.[0] ?? 0;

/** The anchored node each alias names, counting anchors, aliases and keys against their bounds. */
function aliasTargets(doc: Document.Parsed, limits: YamlLimits): Map<Alias, YamlNode | undefined> {
  const anchorsByName = new Map<string, YamlNode>();
  const targets = new Map<Alias, YamlNode | undefined>();
  let anchorsAndAliases = 0;
  let keys = 0;
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        targets.set(node, anchorsByName.get(node.source));
        anchorsAndAliases++;
      } else if (node.anchor) {
        anchorsByName.set(node.anchor, node);
        anchorsAndAliases++;
      }
      if (anchorsAndAliases > limits.maxAnchorsAndAliases) {
        throw new YamlLimitError(
          `has more than ${count(limits.maxAnchorsAndAliases)} anchors and aliases`,
          nodeOffset(node),
        );
      }
      if (isMap(node)) {
        if (keys + node.items.length > limits.maxKeys) {
          const past = node.items[limits.maxKeys - keys];
          throw new YamlLimitError(`has more than ${count(limits.maxKeys)} keys`, nodeOffset(past?.key ?? node));
        }
        keys += node.items.length;
      }
    },
  });
  return targets;
}

/** Throws past `maxMergedNodes`: the values merge keys copy, counted through their aliases. */
function checkMergedNodes(doc: Document.Parsed, targets: Map<Alias, YamlNode | undefined>, limits: YamlLimits): void {
  /** Per node: the conversions it costs (its nodes, and what its merges copy); -1 while being counted. */
  const work = new Map<unknown, number>();
  let nodes = 0;
  const cost = (node: unknown): number => {
    if (!node || typeof node !== 'object') return 0;
    const known = work.get(node);
    if (known === -1)
      throw new YamlLimitError('has a merge key (`<<`) that merges a map into itself', nodeOffset(node));
    if (known !== undefined) return known;
    work.set(node, -1);
    let total = 1;
    nodes++;
    if (isPair(node)) {
      total += cost(node.key) + cost(node.value);
      if (isMergeKey(node.key)) {
        const sources = isSeq(node.value) ? node.value.items : [node.value];
        for (const source of sources) if (isAlias(source)) total += cost(targets.get(source));
      }
    } else if (isCollection(node)) {
      for (const item of node.items) total += cost(item);
    }
    // Capped: counts past the bound (an exponential chain of merges) need not be exact.
    total = Math.min(total, Number.MAX_SAFE_INTEGER);
    work.set(node, total);
    return total;
  };
  const total = cost(doc.contents);
  if (total - nodes > limits.maxMergedNodes) {
    throw new YamlLimitError(`has merge keys (\`<<\`) that copy more than ${count(limits.maxMergedNodes)} values`, 0);
  }
}

/** Makes each alias resolve through its link; the rest is the library's own resolution. */
function linkAliases(targets: Map<Alias, YamlNode | undefined>): void {
  const computed = new WeakSet<YamlNode>();
  const aliasCount = (node: unknown, anchors: Map<YamlNode, AnchorData>): number => {
    if (isAlias(node)) {
      const source = targets.get(node);
      const anchor = source ? anchors.get(source) : undefined;
      return anchor ? anchor.count * anchor.aliasCount : 0;
    }
    if (isCollection(node)) {
      let most = 0;
      for (const item of node.items) most = Math.max(most, aliasCount(item, anchors));
      return most;
    }
    if (isPair(node)) return Math.max(aliasCount(node.key, anchors), aliasCount(node.value, anchors));
    return 1;
  };
  for (const [alias, target] of targets) {
    Object.defineProperty(alias, 'resolve', {
      configurable: true,
      value: (_doc: unknown, ctx?: ToJSContext): YamlNode | undefined => {
        if (ctx?.maxAliasCount === 0) throw new ReferenceError('Alias resolution is disabled');
        if (!target || !ctx) return target;
        let data = ctx.anchors.get(target);
        if (!data) {
          // The anchored node was not converted yet (the library's toJS for an anchored node).
          const fresh: AnchorData = { aliasCount: 0, count: 1, res: undefined };
          ctx.anchors.set(target, fresh);
          ctx.onCreate = (res) => {
            fresh.res = res;
            delete ctx.onCreate;
          };
          const res = (target as unknown as { toJSON(arg: unknown, ctx: unknown): unknown }).toJSON(null, ctx);
          if (ctx.onCreate) ctx.onCreate(res);
          data = fresh;
        }
        if (ctx.maxAliasCount >= 0) {
          data.count += 1;
          if (!computed.has(target)) {
            data.aliasCount = aliasCount(target, ctx.anchors);
            computed.add(target);
          }
          if (data.count * data.aliasCount > ctx.maxAliasCount) throw new ReferenceError(ALIAS_COUNT_MESSAGE);
        }
        return target;
      },
    });
  }
}
