import path from 'node:path';
import { SPEC_EXTENSIONS, SpecLoader, type SpecReader } from '../openapi/loader.js';
import type { Site } from './site.js';

/** Files that are never OpenAPI specs, whatever their extension. */
const NOT_SPECS = new Set([
  'docs.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'mint.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
]);

export interface SiteSpecs {
  loader: SpecLoader;
  /** Site-relative JSON/YAML files (candidates for spec paths). */
  specFiles: string[];
  /** The JSON/YAML files that are OpenAPI documents (sniffed), alphabetical; read on first use. */
  discovered(): Promise<string[]>;
}

/** Whether the text of a JSON or YAML file of the site is an OpenAPI document, as the discovery of specs sniffs it. */
export function looksLikeOpenApi(text: string): boolean {
  return /^\s*["']?openapi["']?\s*:/m.test(text.slice(0, 65536)) || /"openapi"\s*:\s*"3/.test(text);
}

/** One spec loader (and cache) per site model: every rule that reads specs shares it. */
export function siteSpecs(site: Site, read: SpecReader): SiteSpecs {
  const configFiles = new Set([...site.config.files.keys()].map((f) => path.resolve(f)));
  const specFiles = [...site.files].filter((f) => SPEC_EXTENSIONS.includes(path.extname(f).toLowerCase()));
  let discovered: Promise<string[]> | undefined;
  return {
    loader: new SpecLoader(site.root, read),
    specFiles,
    discovered: () =>
      (discovered ??= (async () => {
        const found: string[] = [];
        for (const rel of specFiles) {
          if (NOT_SPECS.has(path.basename(rel)) || configFiles.has(path.join(site.root, rel))) continue;
          const result = read(path.join(site.root, rel));
          if (!result.ok) continue; // unreadable: not a spec
          if (looksLikeOpenApi(result.text)) found.push(rel);
        }
        return found.sort();
      })()),
  };
}
