/*
 * Access to the platform's own published code for the drift tests of this folder: the pinned CLI
 * that `node scripts/platform-install.mjs` installs under .cache/platform/ (see
 * scripts/platform.mjs). Small modules are imported in this process; the page compile runs in a
 * child process (render-worker.mjs), since it loads code by dynamic import at run time, which
 * Jest's module system cannot serve.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface PlatformScript {
  MINT_VERSION: string;
  COMMON_VERSION: string;
  PLATFORM_DIR: string;
  platformMissingReason(): string | undefined;
  packageDir(name: string, version: string): string | undefined;
  commonModule(relative: string): Promise<unknown>;
}

const script = (await import(path.join(REPO, 'scripts', 'platform.mjs'))) as PlatformScript;

export const MINT_VERSION = script.MINT_VERSION;
export const COMMON_VERSION = script.COMMON_VERSION;

/** Why the platform's code cannot be used (the tests then skip, saying so); undefined when it is installed. */
export function platformMissingReason(): string | undefined {
  return script.platformMissingReason();
}

/** A module file of `@mintlify/common` (the pinned version), e.g. `common<{ slugify: … }>('slugify.js')`. */
export async function common<T>(relative: string): Promise<T> {
  return (await script.commonModule(relative)) as T;
}

/** The version of a platform package that the pinned CLI depends on (`@mintlify/prebuild` …). */
export function cliDependencyVersion(name: string): string {
  const cli = script.packageDir('@mintlify/cli', cliVersion());
  if (!cli) throw new Error(`@mintlify/cli is not in ${script.PLATFORM_DIR}`);
  const deps =
    (JSON.parse(readFileSync(path.join(cli, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
      .dependencies ?? {};
  const version = deps[name];
  if (!version) throw new Error(`@mintlify/cli does not depend on ${name}`);
  return version;
}

function cliVersion(): string {
  const mint = script.packageDir('mint', script.MINT_VERSION);
  if (!mint) throw new Error(`mint ${script.MINT_VERSION} is not in ${script.PLATFORM_DIR}`);
  const deps =
    (JSON.parse(readFileSync(path.join(mint, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
      .dependencies ?? {};
  return deps['@mintlify/cli']!;
}

/** A module file of another platform package, at the version the pinned CLI uses. */
export async function platformModule<T>(name: string, relative: string): Promise<T> {
  const version = cliDependencyVersion(name);
  const dir = script.packageDir(name, version);
  if (!dir) throw new Error(`${name} ${version} is not in ${script.PLATFORM_DIR}`);
  return (await import(path.join(dir, relative))) as T;
}

/** One element of a compiled page that carries an `id` attribute, where the page's source has it. */
export interface RenderedElement {
  name: string;
  /** The attribute's value when it is a string (null for an expression). */
  id: string | null;
  /** 1-based line in the page as written (front matter included). */
  line: number;
}

export interface RenderedPage {
  /** Every element with an id, in document order, as the compiled page holds them. */
  elements: RenderedElement[];
  parseFailed: boolean;
  /** What the compile printed (warnings), for a failing test's message. */
  log: string[];
}

/** Compiles pages with the platform's `getMdx` (in a child process) and returns their ids. */
export function renderPages(pages: string[]): Promise<RenderedPage[]> {
  const worker = path.join(REPO, 'test', 'platform', 'render-worker.mjs');
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [worker], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`the platform's page compile failed: ${error.message}\n${stderr}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as RenderedPage[]);
      } catch (e) {
        reject(
          new Error(
            `unreadable output of the platform's page compile: ${String(e)}\n${stdout.slice(0, 2000)}\n${stderr}`,
          ),
        );
      }
    });
    child.stdin!.end(JSON.stringify(pages));
  });
}
