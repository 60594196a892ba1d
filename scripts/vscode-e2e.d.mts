/** What the tests use of playwright-core's Page (playwright-core is installed in .cache/vscode-e2e/, not in doclint). */
export interface Locator {
  first(): Locator;
  waitFor(options?: { state?: 'attached' | 'visible'; timeout?: number }): Promise<void>;
  click(options?: { position?: { x: number; y: number } }): Promise<void>;
}
export interface Page {
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
  waitForTimeout(ms: number): Promise<void>;
  waitForFunction(fn: () => unknown, arg?: unknown, options?: { timeout?: number }): Promise<unknown>;
  screenshot(options: { path: string }): Promise<unknown>;
}

export interface VSCode {
  page: Page;
  serverLog(): string;
  open(relative: string): Promise<void>;
  focusEditor(): Promise<void>;
  showProblems(): Promise<void>;
  problems(): Promise<string[]>;
  waitForProblems(test: (rows: string[]) => boolean, timeout?: number): Promise<string[]>;
  notifications(): Promise<string[]>;
  command(title: string): Promise<void>;
  close(): Promise<void>;
}
export const E2E_DIR: string;
export const E2E_VERSIONS: Record<string, string>;
export const NODE24_BIN: string;
export const CHROMIUM: string;
export const VSIX: string;
export function e2eInstalled(options?: { marker?: boolean }): boolean;
export function e2eMissingReason(): string | undefined;
export function startVSCode(options: {
  folder: string;
  scratch: string;
  trust?: boolean;
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
}): Promise<VSCode>;
