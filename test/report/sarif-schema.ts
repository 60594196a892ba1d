import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The SARIF 2.1.0 JSON Schema (draft-04) as Microsoft's SARIF SDK ships it
 * (@microsoft/jest-sarif), compiled with ajv's draft-04 build and ajv-formats so that `uri` and
 * `date-time` values are checked too.
 */
export function sarifValidator() {
  const Ajv = (require('ajv-draft-04') as typeof import('ajv-draft-04')).default;
  const addFormats = (require('ajv-formats') as typeof import('ajv-formats')).default;
  const schema = JSON.parse(
    readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
  ) as Record<string, unknown>;
  // The schema's `language` pattern has a stray `]`, which is only valid without the `u` flag.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}
