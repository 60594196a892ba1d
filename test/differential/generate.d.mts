/** A document of the differential test: its JSON text and how it was made. */
export interface GeneratedDocument {
  id: string;
  kind: 'valid' | 'integrations' | 'corpus' | 'mutated' | 'corpus-mutated';
  text: string;
  mutations: string[];
}

export declare const THEMES: string[];
export declare const LEVEL_CHILDREN: Record<string, string[]>;
export declare const INTEGRATION_VALUES: Record<string, Record<string, [unknown[], unknown[]]>>;
export declare const INTEGRATION_REQUIRED: Record<string, string[]>;
export declare function mutate(doc: unknown, plan: unknown[]): { text: string; mutations: string[] };
export declare function serialize(value: unknown): string;
export declare function makeDocuments(options: {
  count: number;
  seed: number;
  corpus?: Array<{ name: string; value: unknown }>;
}): GeneratedDocument[];
