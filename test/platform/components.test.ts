/*
 * Drift test: the elements doclint lets a page use without importing them (src/platform/
 * components.ts, `PLATFORM_COMPONENTS` and `PLATFORM_HTML_ELEMENTS`) against the platform's own
 * `allowedComponents` (pinned @mintlify/common, `mdx/utils.js`). The platform removes, without a
 * word, every block element whose name is not on that list; a name on one list and not the other
 * is a component doclint reports wrongly or lets vanish unseen. Also the lists behind component
 * anchors (src/platform/anchors.ts): the components that put no `id` in the page, and the page
 * modes without heading ids.
 */
import { COMPONENTS_WITHOUT_ID, MODES_WITHOUT_HEADING_IDS } from '../../src/platform/anchors.js';
import { PLATFORM_COMPONENTS, PLATFORM_HTML_ELEMENTS } from '../../src/platform/components.js';
import { common, platformMissingReason } from './platform.js';
import { testIf } from '../helpers/needs.js';

const reason = platformMissingReason();
const maybe = testIf(reason);

let allowed: string[];
let withoutId: ReadonlySet<string>;
let avoidedModes: string[];

beforeAll(async () => {
  if (reason) return;
  allowed = (await common<{ allowedComponents: string[] }>('mdx/utils.js')).allowedComponents;
  withoutId = (await common<{ COMPONENTS_WITHOUT_ID: ReadonlySet<string> }>('mdx/componentIds.js'))
    .COMPONENTS_WITHOUT_ID;
  avoidedModes = (await common<{ AVOIDED_PAGE_MODES: string[] }>('mdx/plugins/remark/remarkComponentIds.js'))
    .AVOIDED_PAGE_MODES;
});

describe("component allowlist: doclint against the platform's allowedComponents", () => {
  maybe('PLATFORM_COMPONENTS and PLATFORM_HTML_ELEMENTS together are the platform’s list, as a set', () => {
    const ours = new Set([...PLATFORM_COMPONENTS, ...PLATFORM_HTML_ELEMENTS]);
    const theirs = new Set(allowed);
    expect({
      missingFromDoclint: [...theirs].filter((name) => !ours.has(name)).sort(),
      notOnThePlatformsList: [...ours].filter((name) => !theirs.has(name)).sort(),
    }).toEqual({ missingFromDoclint: [], notOnThePlatformsList: [] });
  });

  maybe('each of doclint’s lists holds each name once, and no name is on both', () => {
    const repeated = (list: readonly string[]) => list.filter((name, i) => list.indexOf(name) !== i);
    expect(repeated(PLATFORM_COMPONENTS)).toEqual([]);
    expect(repeated(PLATFORM_HTML_ELEMENTS)).toEqual([]);
    expect(PLATFORM_COMPONENTS.filter((name) => PLATFORM_HTML_ELEMENTS.includes(name))).toEqual([]);
  });
});

describe('component anchors: doclint against the platform', () => {
  maybe("COMPONENTS_WITHOUT_ID is the platform's COMPONENTS_WITHOUT_ID", () => {
    expect([...COMPONENTS_WITHOUT_ID].sort()).toEqual([...withoutId].sort());
  });

  maybe("MODES_WITHOUT_HEADING_IDS is the platform's AVOIDED_PAGE_MODES", () => {
    expect([...MODES_WITHOUT_HEADING_IDS].sort()).toEqual([...avoidedModes].sort());
  });
});
