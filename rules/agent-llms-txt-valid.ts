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
    description: 'The served llms.txt has a `# Title`, a `> summary`, `## sections` and links written `- [name](url): description`.',
    severity: 'warning',
    spec: 'llms-txt-valid',
    problems: {
      warn: { severity: 'info', description: 'links that agents can parse, but not the whole structure (the spec\u2019s warn level)' },
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
        message: `llms.txt cannot be read (${served.unreadable}): agents get no index of the site; save it as a text file`,
        at: llmsAt(served),
      });
      return;
    }
    const where = served.custom ? 'llms.txt' : 'the generated llms.txt';
    const structure = readLlmsTxt(served.text);
    if (served.text.trim() === '' || structure.anyLinks === 0) {
      context.report({
        message: `${where} ${served.text.trim() === '' ? 'is empty' : 'has no link agents can parse'}: list the pages as \`- [Title](/page.md): what it covers\` under \`## Section\` headings, or delete the file so that the platform generates one`,
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
      message: `${where} has links but not the structure agents parse: it lacks ${missing.join(', ')}; ${
        served.custom ? `add ${missing.length > 1 ? 'them' : 'it'}` : 'give docs.json a `description`: the platform writes it as the summary'
      }`,
      at: llmsAt(served),
      problem: 'warn',
    });
  },
});
