import {
  compiledOnce,
  defineRule,
  normalisePhrase,
  spanOf,
  tabGroups,
  textOf,
  type ReportRelated,
} from '../src/rule-kit/index.js';

interface Options {
  /** Share of generic headings above which the page is a note (default 0.25). */
  warn?: number;
  /** Share above which it is a warning (default 0.5). */
  fail?: number;
  /** Fewest headings in tabbed content before the share is judged (default 4). */
  minHeadings?: number;
}

const settings = compiledOnce<Options, Required<Options>>((o) => ({
  warn: o?.warn ?? 0.25,
  fail: o?.fail ?? 0.5,
  minHeadings: o?.minHeadings ?? 4,
}));

/**
 * Headings inside tabs that repeat in another variant of the same group ("Step 1" in every tab):
 * serialized for an agent, the page has the same heading several times with nothing to tell the
 * variants apart — the spec's `section-header-quality`. Also groups whose variants repeat the
 * heading set of another group of the page.
 */
export default defineRule<Options>({
  meta: {
    id: 'agent-section-header-quality',
    kind: 'page',
    description:
      'Headings inside tabs and accordions say which variant they belong to, instead of repeating in every variant.',
    severity: 'warning',
    spec: 'section-header-quality',
    problems: {
      warn: {
        severity: 'info',
        description:
          'between 25% and 50% of the headings in tabbed content repeat across variants (the spec\u2019s warn level)',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        warn: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Share of repeated headings above which the page is reported as a note (default 0.25).',
        },
        fail: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Share above which it is reported as a warning (default 0.5).',
        },
        minHeadings: {
          type: 'integer',
          minimum: 1,
          description: 'Fewest headings in tabbed content before the share is judged (default 4).',
        },
      },
      additionalProperties: false,
    },
    messages: {
      repeatedSet:
        'the tabs at line {{line}} repeat the headings of the tabs at line {{first}}, variant for variant: serialized for an agent, the page has two identical outlines; name what each group is about in its headings',
      repeated:
        '{{repeated}} of the {{total}} headings in tabs on this page ({{percent}}%) repeat in another tab of the same group ({{names}}): an agent reading the page gets the same heading several times and cannot tell which variant it is in; name the variant in each heading (\u201cInstall with npm\u201d)',
      repeatedMore:
        '{{repeated}} of the {{total}} headings in tabs on this page ({{percent}}%) repeat in another tab of the same group ({{names}} …): an agent reading the page gets the same heading several times and cannot tell which variant it is in; name the variant in each heading (\u201cInstall with npm\u201d)',
    },
  },
  check(context) {
    const { warn, fail, minHeadings } = settings(context.options);
    let total = 0;
    const generic: Array<{ text: string; shown: string; at: NonNullable<ReturnType<typeof spanOf>>; count: number }> =
      [];
    const related: ReportRelated[] = [];
    const signatures = new Map<string, number>();
    let repeatedSet: { line: number; first: number } | undefined;
    for (const { group, variants } of tabGroups(context.index)) {
      if (variants.length < 2) continue;
      const inVariants = new Map<string, number>();
      for (const { headings } of variants) {
        for (const key of new Set(headings.map((h) => normalisePhrase(textOf(h)))))
          inVariants.set(key, (inVariants.get(key) ?? 0) + 1);
      }
      for (const { headings } of variants) {
        for (const heading of headings) {
          total++;
          const key = normalisePhrase(textOf(heading));
          const span = spanOf(heading);
          if ((inVariants.get(key) ?? 0) < 2 || !span) continue;
          const first = generic.find((g) => g.text === key);
          if (first) {
            first.count++;
            if (related.length < 5) related.push({ message: `\u201c${textOf(heading).trim()}\u201d again`, at: span });
          } else generic.push({ text: key, shown: textOf(heading).trim(), at: span, count: 1 });
        }
      }
      const signature = variants.map((v) => v.headings.map((h) => normalisePhrase(textOf(h))).join('\n')).join('\n\n');
      const line = group.position?.start.line;
      if (line === undefined || !variants.some((v) => v.headings.length)) continue;
      const before = signatures.get(signature);
      if (before !== undefined && !repeatedSet) repeatedSet = { line, first: before };
      else if (before === undefined) signatures.set(signature, line);
    }
    const repeated = generic.reduce((n, g) => n + g.count, 0);
    const share = total ? repeated / total : 0;
    if (repeatedSet) {
      context.report({
        messageId: 'repeatedSet',
        data: { line: repeatedSet.line, first: repeatedSet.first },
        at: { line: repeatedSet.line, column: 1, endLine: repeatedSet.line, endColumn: 2 },
      });
    }
    if (total < minHeadings || share <= warn || !generic.length) return;
    const level = share > fail ? 'fail' : 'warn';
    const names = generic
      .slice(0, 3)
      .map((g) => `\u201c${g.shown}\u201d`)
      .join(', ');
    const at = generic[0]!.at;
    context.report({
      messageId: generic.length > 3 ? 'repeatedMore' : 'repeated',
      data: { repeated, total, percent: Math.round(share * 100), names },
      at,
      problem: level === 'warn' ? 'warn' : undefined,
      related,
    });
  },
});
