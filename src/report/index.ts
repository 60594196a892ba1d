import { compact } from './compact.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { html } from './html.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { Reporter } from './types.js';

/** Output formats by their `--format` name. */
export const reporters: Record<string, Reporter> = { stylish, json, compact, github, sarif, junit, gitlab, html };
