import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SPEC_EXTENSIONS, SpecLoader } from '../../openapi/loader.js';
import type { Site } from '../../site/site.js';

/** Files that are never OpenAPI specs, whatever their extension. */
const NOT_SPECS = new Set(['docs.json', 'package.json', 'package-lock.json', 'tsconfig.json', 'mint.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']);

export interface SiteSpecs {
  loader: SpecLoader;
  /** Site-relative JSON/YAML files (candidates for spec paths). */
  specFiles: string[];
  /** The JSON/YAML files that are OpenAPI documents (sniffed), alphabetical; read on first use. */
  discovered(): Promise<string[]>;
}

const memo = new WeakMap<Site, SiteSpecs>();

/** One spec loader (and cache) per site and run: every check that reads specs shares it. */
export function siteSpecs(site: Site): SiteSpecs {
  let specs = memo.get(site);
  if (!specs) {
    const configFiles = new Set([...site.config.files.keys()].map((f) => path.resolve(f)));
    const specFiles = [...site.files].filter((f) => SPEC_EXTENSIONS.includes(path.extname(f).toLowerCase()));
    let discovered: Promise<string[]> | undefined;
    specs = {
      loader: new SpecLoader(site.root),
      specFiles,
      discovered: () =>
        (discovered ??= (async () => {
          const found: string[] = [];
          await Promise.all(
            specFiles.map(async (rel) => {
              if (NOT_SPECS.has(path.basename(rel)) || configFiles.has(path.join(site.root, rel))) return;
              try {
                const text = await readFile(path.join(site.root, rel), 'utf8');
                if (/^\s*["']?openapi["']?\s*:/m.test(text.slice(0, 65536)) || /"openapi"\s*:\s*"3/.test(text)) found.push(rel);
              } catch {
                // unreadable: not a spec
              }
            }),
          );
          return found.sort();
        })()),
    };
    memo.set(site, specs);
  }
  return specs;
}
