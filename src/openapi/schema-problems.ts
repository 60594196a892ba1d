import { isObject } from '../core/json.js';
import { didYouMean } from '../core/suggest.js';
import type { TextRange } from './document.js';
import type { LoadedSpec, SchemaProblem } from './loader.js';
import { describeLocation, pointerSegments, valueAt } from './locate.js';

/** A problem of a spec against the OpenAPI schema, as a docs writer reads it: where, and what to change. */
export interface ReadableSchemaProblem {
  segments: string[];
  message: string;
  range: TextRange;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Messages of the validator that only say a combinator failed (the specific error is elsewhere). */
const GENERIC =
  /^(?:if )?must match "(?:else|then)" schema$|^must match exactly one schema in oneOf$|^must match a schema in anyOf$|^must have required property '\$ref'$|^propertyNames property name must be valid$/;
const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

/**
 * The validator's problems, readable, in its order: combinator noise dropped when a specific
 * problem is at or below it, the two relaxations the platform's copy of the schemas makes left out
 * (an empty `responses`, component names with spaces), problems about references to other files
 * left out (the `$ref` check reports those), duplicates dropped, and each message rewritten to say
 * what to change.
 */
export function readableSchemaProblems(spec: LoadedSpec, problems: SchemaProblem[]): ReadableSchemaProblem[] {
  const root = spec.document.value;
  const kept: ReadableSchemaProblem[] = [];
  const specific = problems.filter((p) => !GENERIC.test(p.message));
  const seen = new Set<string>();
  for (const p of problems) {
    const segments = pointerSegments(p.pointer);
    if (/external reference/i.test(p.message)) continue; // the `$ref` check's
    if (GENERIC.test(p.message) && specific.some((s) => (s.pointer ?? '').startsWith(p.pointer ?? '\0'))) continue;
    const message = p.message.replace(
      /^(?:type|enum|minProperties|maxProperties|propertyNames|format|pattern|const|minItems|minLength) (?=must )/,
      '',
    );
    if (
      /must NOT have fewer than 1 properties/.test(message) &&
      segments[segments.length - 1] === 'responses' &&
      spec.version.startsWith('3.1')
    )
      continue;
    const name = /^Property "(.+)" must match pattern \^\[a-zA-Z0-9\._-\]\+\$$/.exec(message);
    if (name && spec.version.startsWith('3.1') && /^[a-zA-Z0-9._ -]+$/.test(name[1]!)) continue;
    if (
      /must be equal to one of the allowed values/.test(message) &&
      segments[segments.length - 1] === 'in' &&
      LOCATIONS.has(String(valueAt(root, segments)))
    )
      continue;
    // OpenAPI 3.0's schema tries a parameter as each location in turn: a parameter whose `in` is no
    // location (`in: body`) also fails the path branch, which asks for `required`; only a path
    // parameter needs it.
    if (/^must have required property 'required'$/.test(message) && segments[segments.length - 2] === 'parameters') {
      const parameter = valueAt(root, segments);
      if (isObject(parameter) && parameter.in !== 'path') continue;
    }
    const key = `${p.pointer}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(rewrite(spec, segments, message));
  }
  return kept;
}

/**
 * `in: body` or `in: formData`, a parameter of OpenAPI 2 (Swagger): OpenAPI 3 describes a request's
 * body in the operation's `requestBody`, by media type.
 */
function swaggerBody(where: string, value: 'body' | 'formData', version: string): string {
  const [kind, media, more] =
    value === 'body' ? ['body', 'application/json', ''] : ['form', 'multipart/form-data', ', one property per field'];
  return `${where} cannot be "${value}" (an OpenAPI 2 form): OpenAPI ${version} has no ${kind} parameters; remove this parameter and describe the ${kind} in the operation's \`requestBody\` (\`requestBody.content["${media}"].schema\`${more})`;
}

function rewrite(spec: LoadedSpec, segments: string[], message: string): ReadableSchemaProblem {
  const where = describeLocation(segments);
  const value = valueAt(spec.document.value, segments);
  const version = spec.version.split('.').slice(0, 2).join('.');
  let m: RegExpExecArray | null;
  if ((m = /^must have required property '(.+)'$/.exec(message))) {
    return {
      segments,
      range: spec.document.rangeOf(segments),
      message: `${where} is missing the required field \`${m[1]}\`; add it (OpenAPI ${version} requires it)`,
    };
  }
  if ((m = /^Property (.+) is not expected to be here$/.exec(message))) {
    const prop = m[1]!.replace(/^"(.*)"$/, '$1');
    const at = [...segments, prop];
    const siblings = isObject(value) ? Object.keys(value).filter((k) => k !== prop) : [];
    const close = didYouMean(
      prop,
      [
        'description',
        'summary',
        'required',
        'schema',
        'content',
        'parameters',
        'responses',
        'requestBody',
        'operationId',
        'tags',
        'deprecated',
        'example',
        'examples',
        'properties',
        'items',
        'type',
        'format',
        'enum',
        'default',
        'nullable',
        'security',
        'servers',
        'externalDocs',
        'callbacks',
        'headers',
        'style',
        'explode',
        'allowReserved',
        'name',
        'in',
      ].filter((k) => !siblings.includes(k)),
    );
    const hint = close ? `did you mean \`${close}\`? Otherwise remove it or` : 'remove it, or';
    return {
      segments: at,
      range: spec.document.rangeOf(at),
      message: `\`${prop}\` is not an OpenAPI ${version} field of ${where}; ${hint} name it \`x-${prop}\` to keep it as an extension`,
    };
  }
  if (/^must be equal to one of the allowed values$/.test(message)) {
    const last = segments[segments.length - 1];
    if (last === 'in' && (value === 'body' || value === 'formData'))
      return { segments, range: spec.document.rangeOf(segments), message: swaggerBody(where, value, version) };
    const allowed =
      last === 'in' ? ': use path, query, header or cookie' : '; see the OpenAPI specification for the values it takes';
    return {
      segments,
      range: spec.document.rangeOf(segments),
      message: `${where} cannot be ${describeValue(value)}${allowed}`,
    };
  }
  if ((m = /^must be (string|number|integer|boolean|object|array|null)$/.exec(message))) {
    const article = m[1] === 'object' || m[1] === 'array' || m[1] === 'integer' ? 'an' : 'a';
    const type = m[1] === 'array' ? 'list' : m[1];
    return {
      segments,
      range: spec.document.rangeOf(segments),
      message: `${where} must be ${m[1] === 'null' ? 'null' : `${article} ${type}`}, not ${describeValue(value)}`,
    };
  }
  if (/^must NOT have fewer than 1 (items|properties)$/.test(message)) {
    return {
      segments,
      range: spec.document.rangeOf(segments),
      message: `${where} must not be empty; give it at least one entry or remove it`,
    };
  }
  return {
    segments,
    range: spec.document.rangeOf(segments),
    message: `${where}: ${message.replace(/^Property "(.+)" must match pattern (.+)$/, 'the name "$1" must match $2')} (OpenAPI ${version} schema)`,
  };
}
