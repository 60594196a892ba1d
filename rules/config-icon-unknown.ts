import {
  defineRule,
  PRO_ICON_OPTIONS_SCHEMA,
  PRO_ICON_PROBLEM,
  type ProIconOptions,
  reportsProIcons,
  iconLibraryOf,
  ICON_LIBRARY_NAMES,
  iconVerdict,
  isIconImage,
  isObject,
  pointerSegment,
  siteIcons,
  suggestIcon,
  type IconLibrary,
} from '../src/rule-kit/index.js';

export type Options = ProIconOptions;

/** Icon names a docs.json holds at most that get a did-you-mean. */
const SUGGESTIONS = 50;

const MESSAGES = {
  unknown:
    '`{{name}}` is not a {{library}} icon: the platform renders nothing for it (its icons come from {{library}}{{where}}); use a {{library}} name',
  unknownClose:
    '`{{name}}` is not a {{library}} icon: the platform renders nothing for it (its icons come from {{library}}{{where}}); did you mean `{{suggestion}}`?',
  caseOnly:
    '`{{name}}` is not a {{library}} icon: its names are lower case, and the platform looks a name up as written, so it renders nothing for it (its icons come from {{library}}{{where}}); write `{{suggestion}}`',
  otherLibrary:
    '`{{name}}` is a {{other}} icon, but its icons come from {{library}}{{where}}: the platform renders nothing for it; use a {{library}} name',
  otherLibraryClose:
    '`{{name}}` is a {{other}} icon, but its icons come from {{library}}{{where}}: the platform renders nothing for it; did you mean `{{suggestion}}`?',
  pro: '`{{name}}` is a Font Awesome Pro icon: it renders on the platform (under its licence), but not with Font Awesome Free',
} as const;

interface IconAt {
  name: string;
  pointer: string;
  /** The icon's own `library`, when it names one. */
  library?: IconLibrary;
  /** The icon's own `library` names one the platform does not know (the schema check reports it). */
  badLibrary?: boolean;
}

/** Every `icon` of docs.json (navigation tabs, groups, anchors, dropdowns, products, menu items; the navbar; contextual options), in document order. */
function icons(value: unknown, pointer: string, out: IconAt[]): IconAt[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => icons(item, `${pointer}/${i}`, out));
    return out;
  }
  if (!isObject(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${pointerSegment(key)}`;
    if (key === 'icon' && typeof child === 'string') out.push({ name: child, pointer: at });
    else if (key === 'icon' && isObject(child) && typeof child.name === 'string') {
      const library = child.library === undefined ? undefined : iconLibraryOf(child.library);
      out.push({
        name: child.name,
        pointer: `${at}/name`,
        ...(library ? { library } : {}),
        ...(child.library !== undefined && !library ? { badLibrary: true } : {}),
      });
    } else icons(child, at, out);
  }
  return out;
}

export default defineRule<Options, keyof typeof MESSAGES>({
  meta: {
    id: 'config-icon-unknown',
    kind: 'config',
    description:
      'Icon names in docs.json (navigation, navbar, contextual menu) are names of the icon library: an unknown name renders nothing.',
    severity: 'warning',
    problems: { pro: PRO_ICON_PROBLEM },
    optionsSchema: PRO_ICON_OPTIONS_SCHEMA,
    messages: MESSAGES,
  },
  check(context) {
    const site = siteIcons(context.config.value);
    let suggested = 0;
    for (const icon of icons(context.config.value, '', [])) {
      const library = icon.library ?? site.library;
      const name = icon.name;
      // A library the platform does not know, and a name with `fa-`, are schema errors (config-schema reports them).
      if (!library || icon.badLibrary || name.trim() === '' || name.startsWith('fa-') || isIconImage(name)) continue;
      const verdict = iconVerdict(name, library);
      if (verdict.kind === 'known' || verdict.kind === 'class') continue;
      const at = { pointer: icon.pointer };
      if (verdict.kind === 'pro') {
        if (reportsProIcons(context.options)) context.report({ messageId: 'pro', data: { name }, at, problem: 'pro' });
        continue;
      }
      const where = icon.library
        ? ', the icon’s `library`'
        : site.declared
          ? ', `icons.library`'
          : ', the platform’s default';
      const other = verdict.elsewhere[0];
      const suggestion = suggested++ < SUGGESTIONS ? suggestIcon(name, library, other === undefined) : undefined;
      context.report({
        messageId: other
          ? suggestion
            ? 'otherLibraryClose'
            : 'otherLibrary'
          : suggestion
            ? suggestion === name.toLowerCase()
              ? 'caseOnly'
              : 'unknownClose'
            : 'unknown',
        data: {
          name,
          library: ICON_LIBRARY_NAMES[library],
          where,
          ...(other ? { other: ICON_LIBRARY_NAMES[other] } : {}),
          ...(suggestion ? { suggestion } : {}),
        },
        at,
      });
    }
  },
});
