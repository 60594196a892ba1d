import type { GeneratedDocument } from './generate.mjs';

export interface PlatformIssue {
  path: Array<string | number>;
  code: string;
  message: string;
}
export interface PlatformResult {
  ok: boolean;
  crashed?: boolean;
  issues: PlatformIssue[];
  data: unknown;
}
export type Platform =
  | { version: string; validate(value: unknown): PlatformResult; reason?: undefined }
  | { validate?: undefined; reason: string };

export interface DoclintFinding {
  ruleId: string;
  pointer: string | undefined;
  message: string;
}
export interface DoclintResult {
  ok: boolean;
  errors: DoclintFinding[];
  warnings: DoclintFinding[];
}
export type Doclint = (text: string) => Promise<DoclintResult>;

export interface DifferentialRecord {
  id: string;
  kind: string;
  mutations: string[];
  platform: PlatformResult;
  doclint: DoclintResult;
  agree: boolean;
  side?: 'platform-only' | 'doclint-only';
  key?: string;
  details?: string[];
  explained?: string;
  explainedDetail?: string;
}

export interface Summary {
  total: number;
  agree: number;
  rate: number;
  strictAgree: number;
  byCause: Array<{
    key: string;
    side?: string;
    explained?: string;
    count: number;
    examples: Array<{ id: string; mutations: string[]; details: string[] }>;
  }>;
  unexplained: DifferentialRecord[];
  byKind: Record<string, { total: number; agree: number; platformRejects: number }>;
  rejectionCauses: Array<{ key: string; count: number }>;
}

export declare const PLATFORM_PACKAGE: string;
export declare const PLATFORM_VERSION: string;
export declare const EXPLAINED: Array<{
  id: string;
  section: string;
  description: string;
  match(record: DifferentialRecord): boolean;
}>;
export declare function loadPlatform(): Promise<Platform>;
export declare function createDoclint(deps: {
  loadDocsJson: (file: string, root: string, read?: (file: string) => Promise<string>) => Promise<{ value: unknown }>;
  checkConfig: (doc: never) => Promise<{
    syntax: Array<{ ruleId: string; message: string }>;
    validation: Array<{ ruleId: string; message: string; pointer: string }>;
  }>;
  /** The default severity of a rule. */
  severityOf: (ruleId: string) => string | undefined;
}): Doclint;
export declare function dropCause(data: unknown, pointer: string | undefined): { kind: string; where: string };
export declare function droppedByPlatform(data: unknown, pointer: string): boolean;
export declare function pattern(parts: Array<string | number>): string;
export declare function groupPattern(parts: Array<string | number>): string;
export declare function compare(
  doc: GeneratedDocument,
  platform: PlatformResult,
  doclint: DoclintResult,
): DifferentialRecord;
export declare function summarize(records: DifferentialRecord[]): Summary;
export declare function formatSummary(summary: Summary, options?: { showExplained?: boolean }): string;
export declare function corpusDir(repoRoot: string): string | undefined;
export declare function loadCorpus(
  repoRoot: string,
  loadDocsJson: (file: string, root: string) => Promise<{ value: unknown }>,
): Promise<Array<{ name: string; value: unknown }>>;
export declare function runDifferential(options: {
  documents: GeneratedDocument[];
  platform: { validate(value: unknown): PlatformResult };
  doclint: Doclint;
}): Promise<DifferentialRecord[]>;
