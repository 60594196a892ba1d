export function corpusDir(): string | undefined;
export function checkSite(
  site: string,
  options?: { log?: (line: string) => void },
): {
  site: string;
  ok: boolean;
  problems: string[];
  before?: number;
  after?: number;
  page?: string;
  linkedFrom?: number;
};
