import { defineRule, llmsAt, readLlmsTxt, servedLlmsTxt, llmsTxtInScope } from '../src/rule-kit/index.js';

/**
 * The served llms.txt follows the structure agents parse: a `# Title` first, a `> summary`,
 * `## Section` headings and links written `- [name](url): description` (the spec's
 * `llms-txt-valid`). The generated file always does; a custom one is read line by line.
 */
export default defineRule({
  meta: {
    id: 'agent-llms-txt-valid',
    kind: 'site',
    description:
      'The served llms.txt has a `# Title`, a `> summary`, `## sections` and links written `- [name](url): description`.',
    severity: 'warning',
    spec: 'llms-txt-valid',
    problems: {
      warn: {
        severity: 'info',
        description: 'links that agents can parse, but not the whole structure (the spec\u2019s warn level)',
      },
    },
    messages: {
      unreadable: 'llms.txt cannot be read ({{reason}}): agents get no index of the site; save it as a text file',
      empty:
        'llms.txt is empty: list the pages as `- [Title](/page.md): what it covers` under `## Section` headings, or delete the file so that the platform generates one',
      noLinks:
        'llms.txt has no link agents can parse: list the pages as `- [Title](/page.md): what it covers` under `## Section` headings, or delete the file so that the platform generates one',
      lacksOne: 'llms.txt has links but not the structure agents parse: it lacks {{missing}}; add it',
      lacksSeveral: 'llms.txt has links but not the structure agents parse: it lacks {{missing}}; add them',
    },
  },
  async check(context) {
    if (!llmsTxtInScope(context.site, context.inScope)) return;
    const served = await servedLlmsTxt(context.site, (file) => context.frontmatterFacts(file));
    // The generated file has the structure the platform gives it (its summary is docs.json's
    // `description`, when there is one): only a custom file is the site's to fix.
    if (!served.custom || (served.file && !context.inScope(served.file))) return;
    if (served.unreadable) {
      context.report({
        messageId: 'unreadable',
        data: { reason: served.unreadable },
        at: llmsAt(served),
      });
      return;
    }
    const structure = readLlmsTxt(served.text);
    if (served.text.trim() === '' || structure.anyLinks === 0) {
      context.report({
        messageId: served.text.trim() === '' ? 'empty' : 'noLinks',
        at: llmsAt(served),
      });
      return;
    }
    const missing: string[] = [];
    if (!structure.title) missing.push('a `# Title` as its first line');
    if (!structure.summary) missing.push('a `> summary` line');
    if (structure.sections === 0) missing.push('`## Section` headings');
    if (structure.links.length === 0) missing.push('links written as list items, `- [name](url): description`');
    if (!missing.length) return;
    context.report({
      messageId: missing.length > 1 ? 'lacksSeveral' : 'lacksOne',
      data: { missing: missing.join(', ') },
      at: llmsAt(served),
      problem: 'warn',
    });
  },
});
