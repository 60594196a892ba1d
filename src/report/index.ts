import type { Reporter } from './types.js';

/**
 * Output formats by their `--format` name, each loaded only when asked for (the HTML and SARIF
 * writers stay out of a plain run's start-up).
 */
export const reporters: Record<string, () => Promise<Reporter>> = {
  stylish: async () => (await import('./stylish.js')).stylish,
  json: async () => (await import('./json.js')).json,
  compact: async () => (await import('./compact.js')).compact,
  github: async () => (await import('./github.js')).github,
  sarif: async () => (await import('./sarif.js')).sarif,
  junit: async () => (await import('./junit.js')).junit,
  gitlab: async () => (await import('./gitlab.js')).gitlab,
  html: async () => (await import('./html.js')).html,
  unix: async () => (await import('./unix.js')).unix,
};
