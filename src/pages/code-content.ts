import { jsonNestingOverflow, MAX_JSON_DEPTH } from '../core/text.js';

/**
 * What the content of a code block with no language is: code (a language adds highlighting), or
 * text that no language helps (program output, an AI prompt, a directory tree, a URL, prose), which
 * the platform renders the same with or without `text`. Read from the content alone, by a few
 * plain signs; when in doubt, text.
 */
export type CodeContent =
  /** Code. `language` when the content says which (`certain`: JSON that parses; otherwise a guess). */
  | { kind: 'code'; language?: string; certain?: boolean; what?: string }
  /** Not code: `what` it is, for the message. */
  | { kind: 'text'; what: string }
  /** A few signs of code, too few to say: a formula, a single call, a table of output. */
  | { kind: 'unsure' };

/** Content read at most: a block's first lines say what it is. */
const MAX_LINES = 200;
const MAX_LINE_LENGTH = 2_000;
/** JSON parsed at most (a larger block is judged by its lines). */
const MAX_JSON_CHARS = 256 * 1024;

/** Commands that start a line of a shell block. */
const SHELL_COMMANDS = new Set(
  (
    'npm npx pnpm pnpx yarn bun bunx deno node nvm corepack pip pip3 pipx python python3 py uv uvx poetry conda ' +
    'git gh curl wget docker docker-compose podman kubectl helm minikube kind terraform aws gcloud az ' +
    'cd mkdir rm cp mv ls cat echo export source chmod chown touch tar unzip ssh scp sudo brew apt apt-get yum dnf ' +
    'go cargo rustup make cmake composer gem bundle rails php java mvn gradle dotnet mint mintlify ' +
    'port vercel netlify wrangler supabase firebase fly flyctl heroku railway ollama openssl grep sed awk tee kill systemctl ' +
    'sh bash zsh pwsh uvicorn gunicorn celery flask streamlit jupyter pytest tsc eslint prettier claude codex'
  ).split(' '),
);

const TREE = /[├└│┌┐┘┬┴┼─▼▲►◄]/;
const URL_LINE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+$/i;
const HTTP_REQUEST_LINE = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) +\S+(?: +HTTP\/[\d.]+)?$/;
/** A prompt before a command: `$ `, `% `, `> `, `PS C:\> `, Python's `>>> `. */
const PROMPT = /^(?:\$|%|>{1,3}|PS [^>]*>) +\S/;
const PROMPT_MARK = /^(?:\$|%|>{1,3}|PS [^>]*>) +/;
/** A line a program prints: an error, a log line, a stack frame. */
const OUTPUT =
  /^(?:(?:[A-Z]\w*)?(?:Error|Exception|Warning)\b|(?:ERROR|WARN|WARNING|INFO|DEBUG|FATAL|CRITICAL)\b|\[[\w:. -]+\] |Traceback |at [\w.$<>]+ \(|File "|\d{4}-\d\d-\d\d[T ]\d\d:\d\d)/;
/** A line of a text template (Jinja, Liquid, Handlebars): text around `{{ … }}` and `{% … %}`. */
const TEMPLATE = /\{\{ *[\w.]+ *\}\}|\{%.*%\}/;
const ENV_LINE = /^(?:export +)?[A-Z][A-Z0-9_]*=\S*/;
/** A YAML key: lower-case first (`name`, `apiVersion`, `runs-on`) or in capitals (`OPENAI_API_KEY`); `Content-Type:` is a header, `Note:` prose. */
const YAML_KEY = /^(?:- +)?(?:[a-z_][A-Za-z0-9_.-]*|[A-Z][A-Z0-9_]*): *(?:\S.*)?$/;
/** One line of YAML setting one value: `model: gpt-4o`, `timeout: 30`, `enabled: true`, `name: "My app"` (a hyphenated key alone is an HTTP header: `upstash-region: us-east-1`). */
const YAML_SETTING = /^[a-z_][A-Za-z0-9_.]*: *(?:[^\s"'][^\s]*|"[^"]*"|'[^']*')$/;
/** A line of a JSON object's members without its braces: `"model": "gpt-4o",`, a closing `}`, an item `"a",`. */
const JSON_MEMBER = /^"[^"]*" *:/;
const JSON_PART = /^(?:"[^"]*" *:.*|"[^"]*",?|[{[].*|[}\]]+,?)$/;
const YAML_ITEM = /^- +\S/;
const COMMENT = /^(?:#|\/\/|--|\/\*|\*|<!--)/;
const HTML_TAG = /^<\/?[a-zA-Z][\w.-]*(?:[\s/>]|$)/;
const SQL =
  /^(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE (?:TABLE|INDEX|VIEW|EXTENSION|FUNCTION)|ALTER TABLE|DROP TABLE|WITH) /;
const SQL_CLAUSE =
  /^(?:FROM|WHERE|AND|OR|(?:INNER |LEFT |RIGHT |FULL |CROSS )?JOIN|ON|GROUP BY|ORDER BY|HAVING|LIMIT|OFFSET|SET|VALUES|RETURNING|UNION)\b/;
const PYTHON =
  /^(?:def \w+\(|class \w+[(:]|from [\w.]+ import |import [\w.]+(?: as \w+)?$|elif |async def |@\w+|print\(|if __name__)/;
const SCRIPT =
  /^(?:(?:export +)?(?:const|let|var|function|async function|interface|type|enum) [\w$[{]|import .* from |import ['"{*]|export (?:default|\{)|module\.exports|require\(|console\.\w+\(|await )/;
const OTHER_CODE =
  /^(?:public |private |protected |package [\w.]+;|using [\w.]+;|#include|fn \w+|func \w+|impl |struct \w+|return\b|if *\(|for *\(|while *\(|try *\{|\} *(?:else|catch)|\w+ *:= )/;
/** Signs of TypeScript in code that otherwise reads as JavaScript. */
const TYPESCRIPT =
  /^(?:export +)?(?:interface|type|enum) \w+|\w: (?:string|number|boolean|any|unknown|void)\b|\bas const\b|\w<[A-Z]\w*>\(/;
const NAMES: Record<string, string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  sql: 'SQL',
  html: 'HTML',
};
/** Punctuation that ends a line of code (a statement, a block), not of prose. */
const STRONG_END = /(?:[;{}]|=>)$/;
/** Punctuation that ends a call or a list, or a sentence's aside. */
const WEAK_END = /[)\]]$/;
/** An assignment or a call: `x = 1`, `a.b(c)`, `obj["k"] = v`. */
const ASSIGN_OR_CALL = /^[\w$.[\]"']+ *(?:[+\-*/]?= *[^=\s]|\([^)]*\)? *;?$)/;
const WORDS = /[\p{L}]+/gu;

/** Classifies the content of a code block that names no language. */
export function classifyCodeContent(value: string): CodeContent {
  const all = value.split('\n');
  const lines = all
    .slice(0, MAX_LINES)
    .map((l) => l.slice(0, MAX_LINE_LENGTH).trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return { kind: 'text', what: 'an empty block' };

  const json = parsedJson(value);
  if (json) return { kind: 'code', language: 'json', certain: true, what: 'JSON' };

  if (lines.some((l) => TREE.test(l))) {
    return { kind: 'text', what: lines.some((l) => /[├└]──[^─]/.test(l)) ? 'a tree' : 'a diagram' };
  }
  if (lines.every((l) => URL_LINE.test(l) || HTTP_REQUEST_LINE.test(l))) {
    return { kind: 'text', what: lines.length === 1 ? 'a URL' : 'URLs' };
  }
  const prompted = lines.filter((l) => PROMPT.test(l));
  if (prompted.length > 0) {
    const commands = prompted.map((l) => l.replace(PROMPT_MARK, ''));
    if (commands.some((c) => SHELL_COMMANDS.has(firstWord(c)))) {
      return lines.every((l) => PROMPT.test(l) || COMMENT.test(l) || l.endsWith('\\'))
        ? { kind: 'code', language: 'bash', what: 'shell commands' }
        : { kind: 'code', language: 'console', what: 'a shell session' };
    }
    if (prompted.every((l) => l.startsWith('>>>')))
      return { kind: 'code', language: 'python', what: 'a Python session' };
  }
  if (OUTPUT.test(lines[0]!) || lines.filter((l) => OUTPUT.test(l)).length * 2 > lines.length)
    return { kind: 'text', what: 'program output' };
  const statements = joinContinued(lines).filter((l) => !COMMENT.test(l));
  if (statements.length === 0) return { kind: 'text', what: 'comments' };
  if (statements.every((l) => ENV_LINE.test(l)))
    return { kind: 'code', language: 'bash', what: 'environment variables' };
  if (statements.every((l) => SHELL_COMMANDS.has(firstWord(l)) || ENV_LINE.test(l)))
    return { kind: 'code', language: 'bash', what: 'shell commands' };
  if (looksLikeJson(lines)) return { kind: 'code', language: 'json', what: 'JSON' };
  if (isYaml(lines, all.slice(0, MAX_LINES))) return { kind: 'code', language: 'yaml', what: 'YAML' };
  // Members of a JSON object quoted without its braces (`"mcpServers": { … }`): configuration, so code.
  if (JSON_MEMBER.test(lines[0]!) && lines.every((l) => JSON_PART.test(l)))
    return { kind: 'code', language: 'json', what: 'JSON' };
  if (isDiff(all.slice(0, MAX_LINES).filter((l) => l.trim() !== '')))
    return { kind: 'code', language: 'diff', what: 'a diff' };
  if (lines.some((l) => TEMPLATE.test(l))) return { kind: 'text', what: 'a template' };

  // Code in a programming language: a statement of a known language or one that ends like code
  // (strong signs), and most lines like code (an assignment, a call) rather than like sentences.
  let strong = 0;
  let weak = 0;
  let prose = 0;
  const votes = new Map<string, number>();
  // A tag counts as HTML when the block closes one: `<user>:<password>` is a placeholder.
  const html = statements.some((l) => /<\/[a-zA-Z][\w.-]*>|\/>/.test(l));
  const sql = statements.some((l) => SQL.test(l));
  for (const line of statements) {
    const language = PYTHON.test(line)
      ? 'python'
      : SCRIPT.test(line)
        ? 'javascript'
        : SQL.test(line)
          ? 'sql'
          : html && HTML_TAG.test(line)
            ? 'html'
            : undefined;
    if (language) votes.set(language, (votes.get(language) ?? 0) + 1);
    if (language || OTHER_CODE.test(line) || STRONG_END.test(line)) strong++;
    else if (WEAK_END.test(line) || ASSIGN_OR_CALL.test(line) || (sql && SQL_CLAUSE.test(line))) weak++;
    else if (isProse(line)) prose++;
  }
  const code = strong + weak;
  if (code === 0) return { kind: 'text', what: prose > 0 ? 'prose' : 'text' };
  if (strong === 0 || code <= prose || code * 2 < statements.length) return { kind: 'unsure' };
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  let language = top && (ranked.length === 1 || top[1] >= 2 * ranked[1]![1]) ? top[0] : undefined;
  if (language === 'javascript' && statements.some((l) => TYPESCRIPT.test(l))) language = 'typescript';
  return { kind: 'code', ...(language && { language, what: NAMES[language] }) };
}

/** The content when it is a JSON object or array that parses. */
function parsedJson(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length > MAX_JSON_CHARS || !/^[{[]/.test(trimmed)) return false;
  if (jsonNestingOverflow(trimmed, MAX_JSON_DEPTH) >= 0) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** An object or array with quoted keys that does not parse: comments, `...`, placeholder types. */
function looksLikeJson(lines: string[]): boolean {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  return /^[{[]$/.test(first) && /^[}\]],?$/.test(last) && lines.some((l) => /^"[^"]+" *:/.test(l));
}

/** A unified diff: a hunk header or file headers, with added and removed lines. */
function isDiff(lines: string[]): boolean {
  const headers = lines.some((l) => /^(?:@@ .* @@|diff --git |\+\+\+ |--- \S)/.test(l));
  return (
    headers && lines.some((l) => /^\+(?!\+\+ )/.test(l)) && lines.every((l) => /^(?:[-+@ \\]|diff |index )/.test(l))
  );
}

/**
 * YAML configuration: one setting (`model: gpt-4o`), or lines of keys and items only, with at least
 * two distinct keys at the left margin or values nested under a key (`mcpServers:` then indented
 * lines): short configuration blocks are code, never plain text.
 */
function isYaml(lines: string[], raw: string[]): boolean {
  if (lines.length === 1) return YAML_SETTING.test(lines[0]!);
  if (!lines.every((l) => COMMENT.test(l) || YAML_KEY.test(l) || YAML_ITEM.test(l))) return false;
  if (distinctTopKeys(raw)) return true;
  // A key that opens a block (`services:`, `- name: build`), and indented lines under it.
  const opens = raw.some((l) => /^(?:- +)?[A-Za-z_][\w.-]*: *$/.test(l.trimEnd()) || /^- +[A-Za-z_][\w.-]*:/.test(l));
  return opens && raw.some((l) => /^ +\S/.test(l));
}

/** True when the keys at the left margin are at least two, and none repeats (`data: …` lines of an event stream repeat theirs). */
function distinctTopKeys(lines: string[]): boolean {
  const keys = lines
    .map((l) => /^([a-z_][A-Za-z0-9_.-]*|[A-Z][A-Z0-9_]*):/.exec(l)?.[1])
    .filter((k): k is string => k !== undefined);
  return keys.length >= 2 && new Set(keys).size === keys.length;
}

/** Lines ending with `\` joined to the next, so that a continued command counts once. */
function joinContinued(lines: string[]): string[] {
  const out: string[] = [];
  let pending = '';
  for (const line of lines) {
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    out.push(pending + line);
    pending = '';
  }
  if (pending) out.push(pending.trim());
  return out;
}

function firstWord(line: string): string {
  return /^(?:sudo +)?([\w.-]+)/.exec(line)?.[1] ?? '';
}

/** A sentence: several words, mostly letters, no code punctuation. */
function isProse(line: string): boolean {
  const words = line.match(WORDS)?.length ?? 0;
  if (words < 3) return false;
  const letters = line.replace(/[^\p{L}\s]/gu, '').length;
  return letters >= line.length * 0.7 || /[.?!:。？！]$/.test(line);
}
