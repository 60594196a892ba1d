// Sites for the tables of the agent-readiness rules (test/rules/agent-*.test.ts): a docs.json
// with a description, a page, the head of a structured llms.txt, and a finding at a place.

export const config = (extra: Record<string, unknown> = {}, pages: string[] = ['index']) =>
  JSON.stringify({
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Test',
    description: 'How to use Test.',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages }] },
    ...extra,
  });
export const page = (title: string, body = 'Text.\n') =>
  `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}`;
export const LLMS = '# Test\n\n> How to use Test.\n\n## Start\n\n';

/** A finding of a site case (the message is checked when given). */
export const E = (file: string, line: number, column: number, severity: 'info' | 'warning', message = '') => ({
  file,
  line,
  column,
  severity,
  message,
});
