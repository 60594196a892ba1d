// Writes a documentation site of `count` pages (default 1,000) into `root`: docs.json with one
// group per 50 pages, and pages of typical length with headings, code, a callout and links to
// their neighbours (with anchors), so that site checks have real work. Shared by the language
// server tests and bench/lsp.js; nothing of it is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PER_GROUP = 50;

export function pagePath(i) {
  return `section-${String(Math.floor(i / PER_GROUP)).padStart(2, '0')}/page-${String(i).padStart(4, '0')}`;
}

export function pageText(i, count) {
  const next = pagePath((i + 1) % count);
  const previous = pagePath((i + count - 1) % count);
  return `---
title: Page ${i} of the generated site
description: How part ${i} of the generated product works, with examples.
---

## Overview

Part ${i} explains one feature of the product. Read the [previous part](/${previous}) first, then
continue with the [next part](/${next}#configuration).

<Note>
  Settings of part ${i} apply to every project in the workspace.
</Note>

## Configuration

Set the option in your project file:

\`\`\`json
{ "feature${i}": { "enabled": true, "retries": ${i % 7} } }
\`\`\`

### Defaults

The default is off. Turn it on for projects that need it, and check the
[overview of this part](#overview) for what changes.

## Troubleshooting

If the feature does not start, check the logs of the workspace and the settings above.
`;
}

export function generateSite(root, count = 1000) {
  const groups = [];
  for (let g = 0; g * PER_GROUP < count; g++) {
    const pages = [];
    for (let i = g * PER_GROUP; i < Math.min(count, (g + 1) * PER_GROUP); i++) pages.push(pagePath(i));
    groups.push({ group: `Section ${g}`, pages });
  }
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Generated site',
    colors: { primary: '#0A7A5E' },
    navigation: { groups },
    integrations: { ga4: { measurementId: 'G-8KQ2TZ4M1R' } },
  };
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'docs.json'), `${JSON.stringify(config, null, 2)}\n`);
  for (let i = 0; i < count; i++) {
    const file = path.join(root, `${pagePath(i)}.mdx`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, pageText(i, count));
  }
  return root;
}
