import {
  attribute,
  COMPONENT_ATTRIBUTES,
  DEFAULT_ICON_LIBRARY,
  defineRule,
  PRO_ICON_OPTIONS_SCHEMA,
  PRO_ICON_PROBLEM,
  type ProIconOptions,
  reportsProIcons,
  FONT_AWESOME_STYLES,
  ICON_LIBRARY_NAMES,
  iconVerdict,
  isIconImage,
  spanOf,
  staticString,
  suggestIcon,
  suggestName,
  type JsxElement,
  type PageContext,
  type Span,
} from '../src/rule-kit/index.js';

export type Options = ProIconOptions;

/** The platform components that take an `icon` (and an `iconType`). */
const ICON_COMPONENTS = new Set(
  Object.entries(COMPONENT_ATTRIBUTES).flatMap(([name, attrs]) => (attrs.includes('icon') ? [name] : [])),
);

/** Distinct names per page that get a did-you-mean (each compares the name with every name of the library). */
const SUGGESTIONS_PER_PAGE = 50;

const MESSAGES = {
  unknown:
    '`{{name}}` is not a {{library}} icon: the platform renders nothing for it (the site’s icons come from {{library}}{{where}}); use a {{library}} name',
  unknownClose:
    '`{{name}}` is not a {{library}} icon: the platform renders nothing for it (the site’s icons come from {{library}}{{where}}); did you mean `{{suggestion}}`?',
  caseOnly:
    '`{{name}}` is not a {{library}} icon: its names are lower case, and the platform looks a name up as written, so it renders nothing for it (the site’s icons come from {{library}}{{where}}); write `{{suggestion}}`',
  otherLibrary:
    '`{{name}}` is a {{other}} icon, but the site’s icons come from {{library}}{{where}}: the platform renders nothing for it; use a {{library}} name',
  otherLibraryClose:
    '`{{name}}` is a {{other}} icon, but the site’s icons come from {{library}}{{where}}: the platform renders nothing for it; did you mean `{{suggestion}}`?',
  faClass:
    '`{{value}}` is a Font Awesome class, not an icon name: the platform renders nothing for it; write `{{name}}`{{style}}',
  pro: '`{{name}}` is a Font Awesome Pro icon: it renders on the platform (under its licence), but not with Font Awesome Free wherever else this page is shown',
  style:
    '`{{style}}` is not a Font Awesome style: the platform renders nothing for the icon; `iconType` takes {{styles}}',
  styleClose:
    '`{{style}}` is not a Font Awesome style: the platform renders nothing for the icon; did you mean `{{suggestion}}`?',
} as const;

/** An icon value found on the page, with where its text is (for a replacement). */
interface IconValue {
  value: string;
  at: Span;
  /** Offsets of the value's characters in the page's text, when it is written as is (no escapes). */
  range?: [number, number];
}

/** The offsets of `value` in the text of `[start, end)` when it is written there as is, right before a closing quote. */
function valueRange(
  text: string,
  start: number | undefined,
  end: number | undefined,
  value: string,
): [number, number] | undefined {
  if (start === undefined || end === undefined || value === '') return undefined;
  const raw = text.slice(start, end);
  const at = raw.lastIndexOf(value);
  if (at < 1 || !/["'`]/.test(raw.charAt(at - 1)) || raw.charAt(at + value.length) !== raw.charAt(at - 1))
    return undefined;
  return [start + at, start + at + value.length];
}

function attributeValue(context: PageContext<Options>, element: JsxElement, name: string): IconValue | undefined {
  const attr = attribute(element, name);
  if (!attr) return undefined;
  const value = staticString(attr);
  const at = spanOf(attr);
  if (value === undefined || !at) return undefined;
  const range = valueRange(context.text, attr.position?.start.offset, attr.position?.end.offset, value);
  return range ? { value, at: context.lines.range(range[0], range[1]), range } : { value, at };
}

function frontmatterValue(context: PageContext<Options>, key: string): IconValue | undefined {
  const field = context.frontmatter.fields.get(key);
  if (!field || typeof field.value !== 'string' || field.alias) return undefined;
  const span = field.valueSpan;
  const start = context.lines.offset(span.line, span.column);
  const end = context.lines.offset(span.endLine, span.endColumn);
  const raw = context.text.slice(start, end);
  const quoted = /^(["'])(.*)\1$/.exec(raw);
  const inner = quoted ? quoted[2] : raw;
  if (inner !== field.value) return { value: field.value, at: span };
  const range: [number, number] = quoted ? [start + 1, end - 1] : [start, end];
  return { value: field.value, at: context.lines.range(range[0], range[1]), range };
}

function replacement(icon: IconValue, text: string, desc: string) {
  return icon.range ? [{ desc, fix: { range: icon.range, text } }] : undefined;
}

export default defineRule<Options, keyof typeof MESSAGES>({
  meta: {
    id: 'page-icon-unknown',
    kind: 'page',
    description:
      'Icon names on a page are names of the site’s icon library (Font Awesome, Lucide or Tabler): an unknown name renders nothing.',
    severity: 'warning',
    hasSuggestions: true,
    fixNote:
      'Replacing an unknown name with the library’s name it is closest to (`trash-2` → `trash`) is a guess at what the writer meant: offered as a suggestion, never applied by `--fix` alone.',
    problems: { pro: PRO_ICON_PROBLEM },
    optionsSchema: PRO_ICON_OPTIONS_SCHEMA,
    messages: MESSAGES,
  },
  check(context) {
    const icons = context.icons ?? { library: DEFAULT_ICON_LIBRARY, declared: false };
    const library = icons.library;
    // A library the platform does not know is reported in docs.json (config-schema).
    if (!library) return;
    const where = icons.declared ? ', docs.json `icons.library`' : ', the platform’s default';
    const suggested = new Set<string>();
    const canSuggest = (name: string) => {
      if (suggested.has(name)) return true;
      if (suggested.size >= SUGGESTIONS_PER_PAGE) return false;
      suggested.add(name);
      return true;
    };

    const checkName = (icon: IconValue) => {
      const name = icon.value;
      if (name.trim() === '' || isIconImage(name)) return;
      const verdict = iconVerdict(name, library);
      if (verdict.kind === 'known') return;
      if (verdict.kind === 'pro') {
        if (reportsProIcons(context.options))
          context.report({ messageId: 'pro', data: { name }, at: icon.at, problem: 'pro' });
        return;
      }
      if (verdict.kind === 'class') {
        const style = verdict.style ? ` with \`iconType="${verdict.style}"\`` : '';
        context.report({
          messageId: 'faClass',
          data: { value: name, name: verdict.name, style },
          at: icon.at,
          suggestions: replacement(icon, verdict.name, `Replace with \`${verdict.name}\``),
        });
        return;
      }
      const other = verdict.elsewhere[0];
      const suggestion = canSuggest(name) ? suggestIcon(name, library, other === undefined) : undefined;
      const data = {
        name,
        library: ICON_LIBRARY_NAMES[library],
        where,
        ...(other ? { other: ICON_LIBRARY_NAMES[other] } : {}),
        ...(suggestion ? { suggestion } : {}),
      };
      const messageId = other
        ? suggestion
          ? 'otherLibraryClose'
          : 'otherLibrary'
        : suggestion
          ? suggestion === name.toLowerCase()
            ? 'caseOnly'
            : 'unknownClose'
          : 'unknown';
      context.report({
        messageId,
        data,
        at: icon.at,
        suggestions: suggestion ? replacement(icon, suggestion, `Replace with \`${suggestion}\``) : undefined,
      });
    };

    const checkStyle = (style: IconValue | undefined) => {
      // Only Font Awesome has styles; the other libraries ignore `iconType`.
      if (!style || library !== 'fontawesome' || style.value.trim() === '' || FONT_AWESOME_STYLES.includes(style.value))
        return;
      const suggestion = suggestName(style.value, FONT_AWESOME_STYLES);
      context.report({
        ...(suggestion
          ? { messageId: 'styleClose' as const, data: { style: style.value, suggestion } }
          : {
              messageId: 'style' as const,
              data: { style: style.value, styles: FONT_AWESOME_STYLES.map((s) => `\`${s}\``).join(', ') },
            }),
        at: style.at,
        suggestions: suggestion ? replacement(style, suggestion, `Replace with \`${suggestion}\``) : undefined,
      });
    };

    // The page's own icon (in the navigation), from its front matter.
    if (!context.isSnippet || context.frontmatter.fields.has('icon')) {
      const icon = frontmatterValue(context, 'icon');
      if (icon) checkName(icon);
      checkStyle(frontmatterValue(context, 'iconType'));
    }

    for (const { node } of context.index.jsx) {
      if (!node.name || !ICON_COMPONENTS.has(node.name)) continue;
      const icon = attributeValue(context, node, 'icon');
      if (icon) checkName(icon);
      checkStyle(attributeValue(context, node, 'iconType'));
    }
  },
});
