import { attribute, defineRule, normalisePhrase, spanOf, staticString } from '../src/rule-kit/index.js';

/**
 * Alt text that says nothing about the image: a bare generic word, optionally with an article or
 * a number ("an image", "Screenshot 2"). "Acme logo" or "Settings icon" describe something and
 * pass; "logo" or "icon" alone do not.
 */
const GENERIC = new Set([
  'image',
  'img',
  'picture',
  'pic',
  'photo',
  'photograph',
  'screenshot',
  'screen shot',
  'screen capture',
  'screencap',
  'diagram',
  'figure',
  'fig',
  'graphic',
  'illustration',
  'icon',
  'logo',
  'banner',
  'gif',
  'alt',
  'alt text',
  'untitled',
  'placeholder',
  'thumbnail',
  'preview',
]);
const ARTICLE_OR_NUMBER = /^(?:(?:an?|the) )?(.*?)(?: \d+)?$/;
/** `screenshot.png`, `./images/setup.webp`, `img_2031`, `IMG-20240101`, `Screen Shot 2024-01-01 at 10.00.00`. */
const FILE_NAME = /(?:^|[\\/])[\w.-]+\.(?:png|jpe?g|gif|svg|webp|avif|bmp|tiff?|ico|heic)$/i;
const CAMERA_NAME =
  /^(?:(?:img|image|dsc|pic|photo|screenshot)[_-]?\d[\d_.-]*|screen ?shot[ _-]\d{4}-\d\d-\d\d(?: at [\d.: ]+)?)$/i;

const MESSAGES = {
  missing: 'image has no alt text: describe what it shows',
  empty: 'image has empty alt text: describe what it shows',
  fileName: 'image alt text "{{alt}}" is a file name: describe what the image shows',
  generic: 'image alt text "{{alt}}" is too generic: describe what the image shows',
};

/** What is wrong with an image's alt text (undefined: none), as a message of the rule. */
export function altProblem(
  alt: string | null | undefined,
): { messageId: keyof typeof MESSAGES; data?: { alt: string } } | undefined {
  if (alt === null || alt === undefined) return { messageId: 'missing' };
  const trimmed = alt.trim();
  if (trimmed === '') return { messageId: 'empty' };
  if (FILE_NAME.test(trimmed) || CAMERA_NAME.test(trimmed)) return { messageId: 'fileName', data: { alt: trimmed } };
  const words = normalisePhrase(trimmed);
  const core = ARTICLE_OR_NUMBER.exec(words)?.[1] ?? words;
  if (GENERIC.has(core)) return { messageId: 'generic', data: { alt: trimmed } };
  return undefined;
}

export default defineRule({
  meta: {
    id: 'page-image-alt',
    kind: 'page',
    description: 'Every image has alt text that describes it (not empty, not a file name, not just "image").',
    severity: 'warning',
    messages: MESSAGES,
  },
  check(context) {
    const index = context.index;
    for (const { node } of index.images) {
      const problem = altProblem(node.alt);
      if (problem) context.report({ ...problem, at: spanOf(node) });
    }
    for (const { node } of index.jsx) {
      if (node.name !== 'img') continue;
      const alt = attribute(node, 'alt');
      // alt={expression}: its value is not known here.
      if (alt && alt.value !== null && typeof alt.value === 'object' && staticString(alt) === undefined) continue;
      if (!alt && node.attributes.some((a) => a.type === 'mdxJsxExpressionAttribute')) continue;
      const problem = altProblem(alt ? (staticString(alt) ?? '') : undefined);
      if (problem) context.report({ ...problem, at: spanOf(alt) ?? spanOf(node) });
    }
  },
});
