import { defineRule, didYouMean, LineIndex, type MessageData, type Span } from '../src/rule-kit/index.js';

interface Robot {
  isDisallowed(url: string, ua?: string): boolean | undefined;
  getMatchingLineNumber(url: string, ua?: string): number;
}
type RobotsParser = (url: string, contents: string) => Robot;

/** robots-parser is CommonJS: its export is the function itself. Loaded when a site has a robots.txt. */
async function loadRobotsParser(): Promise<RobotsParser> {
  const module = (await import('robots-parser')) as unknown as { default?: RobotsParser };
  return module.default ?? (module as unknown as RobotsParser);
}

/**
 * User agents of AI crawlers and AI assistants' fetchers. A custom robots.txt that disallows the
 * site to any of them fails the platform's `robotsTxtAllowsAI` check. Kept in sync with
 * docs/rules/site-robots-blocks-ai.md.
 */
export const AI_AGENTS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'Claude-Web',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Meta-ExternalAgent',
  'Meta-ExternalFetcher',
  'Bytespider',
  'cohere-ai',
  'cohere-training-data-crawler',
  'Amazonbot',
  'DuckAssistBot',
  'MistralAI-User',
  'AI2Bot',
  'YouBot',
];

/** Content-Signal keys (contentsignals.org) and their values. */
const SIGNAL_KEYS = ['search', 'ai-input', 'ai-train'];
const SIGNAL_VALUES = ['yes', 'no'];

export interface RobotsOptions {
  /** More user agents to treat as AI agents. */
  agents?: string[];
  /** Agents the site blocks on purpose (no finding for them). */
  allow?: string[];
}

/** The `User-agent` lines of the group a rule line belongs to (RFC 9309 groups). */
function groupAgents(lines: string[], ruleLine: number): string[] {
  const agents: string[] = [];
  let i = ruleLine - 2;
  // Skip the group's other rules, up to its user-agent lines.
  while (i >= 0 && !/^\s*user-agent\s*:/i.test(lines[i]!)) i--;
  while (i >= 0 && (/^\s*user-agent\s*:/i.test(lines[i]!) || /^\s*(#.*)?$/.test(lines[i]!))) {
    const m = /^\s*user-agent\s*:\s*([^#]*)/i.exec(lines[i]!);
    if (m) agents.unshift(m[1]!.trim());
    i--;
  }
  return agents;
}

/**
 * A custom robots.txt at the site root that disallows the site to every user agent or to a known
 * AI agent (group selection and longest-match rules of RFC 9309, read with a robots.txt parser),
 * and `Content-Signal` lines with unknown keys or values. No custom file: the platform's default
 * allows everyone, nothing to report.
 */
export default defineRule<RobotsOptions>({
  meta: {
    id: 'site-robots-blocks-ai',
    kind: 'site',
    description:
      'A custom robots.txt must not block AI agents (the platform\u2019s robotsTxtAllowsAI check) and its Content-Signal lines must be valid.',
    severity: 'error',
    independentOfConfig: true,
    problems: {
      'content-signal': { severity: 'warning', description: 'a `Content-Signal` line with an unknown signal or value' },
      unreadable: { severity: 'info', description: 'robots.txt cannot be read: not checked (a note)' },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        agents: { type: 'array', items: { type: 'string' }, description: 'More user agents to treat as AI agents.' },
        allow: { type: 'array', items: { type: 'string' }, description: 'AI agents the site blocks on purpose.' },
      },
      additionalProperties: false,
    },
    messages: {
      unreadable: 'robots.txt cannot be read ({{code}}); it was not checked',
      blocksAll:
        "robots.txt disallows the site to all user agents (`{{rule}}` under `User-agent: *`), which also blocks AI agents ({{agents}}); the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; disallow only the paths to hide (`Disallow: /private/`), or give AI agents a group of their own with `Allow: /`",
      blocksAgents:
        "robots.txt blocks AI agents from the site: `{{rule}}` under `User-agent: {{group}}` applies to {{agents}}; the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; remove the rule or narrow it to the paths to hide, or list the agents blocked on purpose in this rule's `allow` option",
      emptySignal: 'empty Content-Signal line; write e.g. `Content-Signal: ai-train=yes, search=yes, ai-input=yes`',
      unknownSignal: 'unknown Content-Signal `{{key}}`; the signals are {{signals}}',
      unknownSignalClose: 'unknown Content-Signal `{{key}}`; the signals are {{signals}} (did you mean `{{close}}`?)',
      signalValue: 'Content-Signal `{{key}}` must be `{{key}}=yes` or `{{key}}=no`, not `{{token}}`',
    },
  },
  async check(context) {
    const { site } = context;
    if (!site.files.has('robots.txt')) return;
    const file = site.absolute('robots.txt');
    const read = site.readText('robots.txt');
    if (!read.ok) {
      context.report({
        messageId: 'unreadable',
        data: { code: read.code },
        at: { file, line: 1, column: 1, endLine: 1, endColumn: 1 },
        problem: 'unreadable',
      });
      return;
    }
    const text = read.text;
    const robotsParser = await loadRobotsParser();
    const opts = context.options ?? {};
    const allowed = new Set((opts.allow ?? []).map((a) => a.toLowerCase()));
    const agents = [...AI_AGENTS, ...(opts.agents ?? [])].filter((a) => !allowed.has(a.toLowerCase()));
    const doc = new RobotsText(text);
    const push: Push = (range, problem, message) => context.report({ ...message, at: { file, ...range }, problem });
    reportBlockedAgents(robotsParser('https://docs.invalid/robots.txt', text), agents, doc, push);
    reportSignals(doc, push);
  },
});

type Message = {
  messageId: 'blocksAll' | 'blocksAgents' | 'emptySignal' | 'unknownSignal' | 'unknownSignalClose' | 'signalValue';
  data?: MessageData;
};
type Push = (range: Span, problem: 'content-signal' | undefined, message: Message) => void;

/** The robots.txt text with its lines and their spans. */
class RobotsText {
  readonly index: LineIndex;
  readonly lines: string[];
  constructor(text: string) {
    this.index = new LineIndex(text);
    this.lines = text.split(/\r\n|\r|\n/);
  }
  /** A line's span without its surrounding blanks. */
  lineRange(line: number): Span {
    const start = this.index.offset(line, 1);
    const raw = this.lines[line - 1] ?? '';
    return this.index.range(start + (raw.length - raw.trimStart().length), start + raw.trimEnd().length);
  }
}

/** Blocked agents, grouped by the rule line that blocks them. */
function reportBlockedAgents(robots: ReturnType<RobotsParser>, agents: string[], doc: RobotsText, push: Push): void {
  const byLine = new Map<number, string[]>();
  for (const agent of agents) {
    if (!robots.isDisallowed('https://docs.invalid/', agent)) continue;
    const line = robots.getMatchingLineNumber('https://docs.invalid/', agent);
    if (line < 1) continue;
    const list = byLine.get(line) ?? [];
    list.push(agent);
    byLine.set(line, list);
  }
  for (const [line, blocked] of [...byLine].sort((a, b) => a[0] - b[0])) {
    const group = groupAgents(doc.lines, line);
    const rule = (doc.lines[line - 1] ?? '').trim();
    const list =
      blocked.length > 6 ? `${blocked.slice(0, 6).join(', ')} and ${blocked.length - 6} more` : blocked.join(', ');
    push(
      doc.lineRange(line),
      undefined,
      group.includes('*')
        ? { messageId: 'blocksAll', data: { rule, agents: list } }
        : { messageId: 'blocksAgents', data: { rule, group: group.join(', '), agents: list } },
    );
  }
}

/** Content-Signal lines: known keys, each `yes` or `no`. */
function reportSignals(doc: RobotsText, push: Push): void {
  doc.lines.forEach((raw, i) => {
    const m = /^(\s*content-signal\s*:\s*)([^#]*)/i.exec(raw);
    if (!m) return;
    const line = i + 1;
    const lineStart = doc.index.offset(line, 1);
    const value = m[2]!;
    if (value.trim() === '') {
      push(doc.lineRange(line), 'content-signal', { messageId: 'emptySignal' });
      return;
    }
    let offset = m[1]!.length;
    for (const part of value.split(',')) {
      const token = part.trim();
      const start = lineStart + offset + (part.length - part.trimStart().length);
      offset += part.length + 1;
      if (token !== '') reportSignal(token, doc.index.range(start, start + token.length), push);
    }
  });
}

function reportSignal(token: string, range: Span, push: Push): void {
  const eq = token.indexOf('=');
  const key = (eq >= 0 ? token.slice(0, eq) : token).trim().toLowerCase();
  const val =
    eq >= 0
      ? token
          .slice(eq + 1)
          .trim()
          .toLowerCase()
      : undefined;
  if (!SIGNAL_KEYS.includes(key)) {
    const close = didYouMean(key, SIGNAL_KEYS);
    const signals = SIGNAL_KEYS.join(', ');
    push(
      range,
      'content-signal',
      close
        ? { messageId: 'unknownSignalClose', data: { key, signals, close } }
        : { messageId: 'unknownSignal', data: { key, signals } },
    );
  } else if (val === undefined || !SIGNAL_VALUES.includes(val)) {
    push(range, 'content-signal', { messageId: 'signalValue', data: { key, token } });
  }
}
