// Types of ./arbitraries.mjs (plain JavaScript, shared with scripts/fuzz.mjs).
import type fc from 'fast-check';

export { fc };
export declare const ODD_CHARS: string[];
export declare const LINE_BREAKS: string[];
export declare const EVIL_TERMS: string[];
export declare const DUPLICATES: unique symbol;
export declare const word: fc.Arbitrary<string>;
export declare const phrase: fc.Arbitrary<string>;
export declare const block: fc.Arbitrary<string>;
export declare const aliasBomb: fc.Arbitrary<string>;
export declare const frontmatter: fc.Arbitrary<string>;
export declare const page: fc.Arbitrary<string>;
export declare const textMutations: fc.Arbitrary<unknown[]>;
export declare const jsonMutations: fc.Arbitrary<unknown[]>;
export declare const docsJsonValue: fc.Arbitrary<Record<string, unknown>>;
export declare const docsJsonText: fc.Arbitrary<string>;
export declare const refFiles: fc.Arbitrary<Record<string, string>>;
export declare const openapiValue: fc.Arbitrary<Record<string, unknown>>;
export declare const robotsText: fc.Arbitrary<string>;
export declare const rcValue: fc.Arbitrary<Record<string, unknown>>;
type Stringify = (value: unknown, options?: Record<string, unknown>) => string;
export declare function openapiText(stringifyYaml: Stringify): fc.Arbitrary<{ format: 'json' | 'yaml'; text: string }>;
export declare function rcText(stringifyYaml: Stringify): fc.Arbitrary<{ format: 'json' | 'yaml'; text: string }>;
export declare function site(stringifyYaml: Stringify): fc.Arbitrary<Record<string, unknown>>;
export declare function applyMutations(text: string, mutations: unknown[]): string;
export declare function applyJsonMutations(value: unknown, mutations: unknown[]): unknown;
export declare function toJsonText(value: unknown, style?: { indent: number; breaks: string }): string;
