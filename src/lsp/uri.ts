import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The absolute path a `file:` URI names, or undefined for other schemes (untitled:, git:, …). */
export function uriToFile(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export function fileToUri(file: string): string {
  return pathToFileURL(file).href;
}
