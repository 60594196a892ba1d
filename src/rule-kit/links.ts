import type { LinkFact } from '../pages/facts.js';

/** A link's path with its percent-escapes decoded (as written when it does not decode). */
export function decodeLinkPath(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

/** What a link is, for a message: `link`, `image`, or the element and attribute (`<Card href>`). */
export function describeLink(link: LinkFact): string {
  if (link.kind === 'image') return 'image';
  if (link.kind === 'jsx') return `<${link.element}${link.attribute ? ` ${link.attribute}` : ''}>`;
  return 'link';
}
