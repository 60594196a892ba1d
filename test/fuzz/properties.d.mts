// Types of ./properties.mjs (plain JavaScript, shared with scripts/fuzz.mjs).
export interface FuzzSurface {
  name: string;
  arbitrary: unknown;
  run(input: unknown): Promise<void>;
  /** True when the engine lints this input only under its page time limit. */
  timeBounded?(input: unknown): boolean;
  /** True for the surface that serves on 127.0.0.1 itself (the network is not blocked for it). */
  loopback?: boolean;
}

export interface SurfaceResult {
  surface: string;
  overBound: number;
  runs: number;
  executed: number;
  failed: boolean;
  counterexample: unknown;
  error: unknown;
  shrinks: number;
  seed: number;
  path: string | null;
  maxMs: number;
  meanMs: number;
  slowest: unknown;
}

export declare function blockNetwork(): string[];
export declare function restoreNetwork(): void;
export declare function linesOf(text: string): string[];
export declare function findingProblems(d: unknown, text: string | undefined, knownRules: Set<string>): string[];
export declare const KNOWN_ISSUES: Array<{ pattern: RegExp; note: string }>;
export declare const knownIssueCounts: Map<string, number>;
export declare function createSurfaces(api: Record<string, unknown>): {
  surfaces: Record<
    | 'page'
    | 'docsJson'
    | 'spec'
    | 'robots'
    | 'rc'
    | 'site'
    | 'terms'
    | 'cache'
    | 'writes'
    | 'fanout'
    | 'names'
    | 'external',
    FuzzSurface
  >;
  scratch: string;
  cleanup(): void;
};
export declare function runSurface(
  surface: FuzzSurface,
  options: { seed: number; numRuns: number; boundMs: number; verbose?: boolean },
): Promise<SurfaceResult>;
export declare function describeCounterexample(value: unknown, max?: number): string;
