import { rmSync } from 'node:fs';
import { lint } from '../../src/commands/lint.js';
import { startPhaseCpu, stopPhaseCpu, type PhaseCpu } from '../../src/engine/phase-cpu.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * A guard on where a run's CPU goes: the page rules, the page facts and the site checks together
 * stay under a set share of the parse's CPU (about a fifth of it on this site, a quoted heading in
 * every section; see docs/performance.md for the corpus). Not a timed test: both sides are CPU time of the same process, measured
 * page by page in turn (src/engine/phase-cpu.ts), so a loaded machine slows both alike and the
 * ratio stands; the limit is three times the share measured, wide enough never to fail on
 * noise, narrow enough to fail when a change makes the work after the parse grow with the page
 * (a pass over every page's whole text, say) rather than stay a fraction of it.
 */

const LIMIT = 0.6;

/** A page of the mix a real site has: prose, quoted and repeated headings, links with anchors, code, a table, components. */
function page(i: number, pages: number): string {
  const next = (i + 1) % pages;
  const section = (n: number) =>
    [
      `## Step ${n}: the "${n % 2 ? 'quick' : 'full'}" setup`,
      '',
      `Read [the next page](/page-${next}#step-${n}-the-quick-setup) first, and the [guide](/page-${next}) when you're stuck. It's a long-ish paragraph — with **bold**, _emphasis_, \`code\` and a link to [an anchor](#overview) — so that the parser has prose to read... and so do the rules.`,
      '',
      '```bash',
      `npm install example-${n} --save`,
      '```',
      '',
      '| Option | Type | Description |',
      '| --- | --- | --- |',
      `| \`name\` | string | The name of item ${n}. |`,
      `| \`size\` | number | How large item ${n} is. |`,
      '',
      '<AccordionGroup>',
      `  <Accordion title="What about item ${n}?">`,
      `    Item ${n} works as [described](/page-${next}).`,
      '  </Accordion>',
      '</AccordionGroup>',
      '',
      '<CardGroup cols={2}>',
      `  <Card title="Item ${n}" href="/page-${next}">See item ${n}.</Card>`,
      '</CardGroup>',
      '',
      `### Don't forget ${n}`,
      '',
      `- A list item with [a link](/page-${next})`,
      '- Another with `inline code`',
      '',
    ].join('\n');
  const body = Array.from({ length: 8 }, (_, n) => section(n + 1)).join('\n');
  return `---\ntitle: Page ${i} of the guide\ndescription: What page ${i} of the guide covers, and where to go next.\n---\n\n## Overview\n\nThe overview of page ${i}.\n\n${body}`;
}

async function measure(root: string): Promise<PhaseCpu> {
  startPhaseCpu();
  await lint({ paths: [root], cwd: root });
  return stopPhaseCpu();
}

test("the page rules, page facts and site checks take under 60% of the parse's CPU", async () => {
  const pages = 40;
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Phase test',
      colors: { primary: '#0A7A5E' },
      navigation: { pages: Array.from({ length: pages }, (_, i) => `page-${i}`) },
    }),
  };
  for (let i = 0; i < pages; i++) files[`page-${i}.mdx`] = page(i, pages);
  const root = tmpSite(files);
  try {
    await measure(root); // the code warmed up: the second run is measured
    const cpu = await measure(root);
    const share = (cpu.rules + cpu.facts + cpu.site) / cpu.parse;
    expect(cpu.parse).toBeGreaterThan(0);
    expect(cpu.rules).toBeGreaterThan(0);
    expect(cpu.facts).toBeGreaterThan(0);
    expect(cpu.site).toBeGreaterThan(0);
    const figures = `rules, facts and site checks: ${(share * 100).toFixed(0)}% of the parse's CPU (limit ${LIMIT * 100}%); ms: ${JSON.stringify(cpu)}`;
    expect(share <= LIMIT ? 'within the limit' : figures).toBe('within the limit');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}, 120_000);
