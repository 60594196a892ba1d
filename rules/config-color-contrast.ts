import { defineRule, isObject, type ConfigContext } from '../src/rule-kit/index.js';

/*
 * Contrast of the theme colours against the page backgrounds (WCAG 2.x relative luminance), as
 * the platform's accessibility check computes it: `colors.primary` on the light background and
 * `colors.light` on the dark one need 4.5:1 (text); `colors.dark` needs 3:1 on both (large text
 * and UI); anchor colours (`navigation.global.anchors[].color`) 4.5:1 on their background. The
 * backgrounds are `background.color.light` / `.dark` when set, else the theme's defaults.
 */

type Rgb = [number, number, number];

function parseHex(value: unknown): Rgb | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return undefined;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** `base` with `amount` of `color` mixed in, per channel (the platform's default dark background). */
function blend(base: Rgb, color: Rgb, amount: number): Rgb {
  return base.map((v, i) => Math.round((1 - amount) * v + amount * color[i]!)) as Rgb;
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) return [l, l, l].map((v) => Math.round(v * 255)) as Rgb;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

/** The colour of the same hue and saturation, lightness moved the least, that reaches the ratio on the background. */
export function nearestPassing(color: Rgb, background: Rgb, ratio: number): Rgb | undefined {
  const [h, s, l] = toHsl(color);
  // Away from the background: darker on a light background, lighter on a dark one.
  const towards = luminance(background) > 0.18 ? 0 : 1;
  let lo = Math.min(l, towards);
  let hi = Math.max(l, towards);
  if (contrast(fromHsl(h, s, towards), background) < ratio) return undefined;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    const passes = contrast(fromHsl(h, s, mid), background) >= ratio;
    // Darker (towards 0): a passing lightness raises the lower bound; lighter: it lowers the upper one.
    if (passes === (towards === 0)) lo = mid;
    else hi = mid;
  }
  const candidate = fromHsl(h, s, towards === 0 ? lo : hi);
  return contrast(candidate, background) >= ratio ? candidate : fromHsl(h, s, towards);
}

interface Check {
  pointer: string;
  label: string;
  color: Rgb;
  background: Rgb;
  backgroundName: 'light' | 'dark';
  ratio: number;
}

function checks(context: ConfigContext): Check[] {
  const value = context.config.value;
  if (!isObject(value) || !isObject(value.colors)) return [];
  const colors = value.colors;
  const primary = parseHex(colors.primary);
  const light = parseHex(colors.light);
  const dark = parseHex(colors.dark);
  const bg = isObject(value.background) && isObject(value.background.color) ? value.background.color : {};
  const linden = value.theme === 'linden';
  const lightBg =
    parseHex(bg.light) ??
    (linden ? blend([255, 255, 255], primary ?? [0x16, 0xa3, 0x4a], 0.03) : ([255, 255, 255] as Rgb));
  const darkBg = parseHex(bg.dark) ?? blend([0x09, 0x09, 0x0b], light ?? [0x4a, 0xde, 0x80], linden ? 0.03 : 0.02);
  const out: Check[] = [];
  if (primary)
    out.push({
      pointer: '/colors/primary',
      label: '`colors.primary`',
      color: primary,
      background: lightBg,
      backgroundName: 'light',
      ratio: 4.5,
    });
  if (light)
    out.push({
      pointer: '/colors/light',
      label: '`colors.light`',
      color: light,
      background: darkBg,
      backgroundName: 'dark',
      ratio: 4.5,
    });
  if (dark) {
    out.push({
      pointer: '/colors/dark',
      label: '`colors.dark`',
      color: dark,
      background: lightBg,
      backgroundName: 'light',
      ratio: 3,
    });
    out.push({
      pointer: '/colors/dark',
      label: '`colors.dark`',
      color: dark,
      background: darkBg,
      backgroundName: 'dark',
      ratio: 3,
    });
  }
  const nav = isObject(value.navigation) ? value.navigation : undefined;
  const anchors = nav && isObject(nav.global) && Array.isArray(nav.global.anchors) ? nav.global.anchors : [];
  anchors.forEach((anchor, i) => {
    if (!isObject(anchor) || !isObject(anchor.color)) return;
    const name = typeof anchor.anchor === 'string' ? `anchor "${anchor.anchor}"` : `anchor ${i + 1}`;
    for (const variant of ['light', 'dark'] as const) {
      const color = parseHex(anchor.color[variant]);
      if (color)
        out.push({
          pointer: `/navigation/global/anchors/${i}/color/${variant}`,
          label: `the ${variant} colour of ${name}`,
          color,
          background: variant === 'light' ? lightBg : darkBg,
          backgroundName: variant,
          ratio: 4.5,
        });
    }
  });
  return out;
}

export default defineRule({
  meta: {
    id: 'config-color-contrast',
    kind: 'config',
    description:
      'Theme and anchor colours have enough contrast with the page background (WCAG AA: 4.5:1 for text colours, 3:1 for `colors.dark`).',
    severity: 'warning',
    // `{{label}}` names the colour: `colors.primary` (in backquotes) or the light colour of an anchor.
    messages: {
      low: '{{label}} `{{color}}` has a contrast of {{ratio}}:1 on the {{background}} background `{{backgroundColor}}`; WCAG AA needs {{needs}}:1',
      lowNearest:
        '{{label}} `{{color}}` has a contrast of {{ratio}}:1 on the {{background}} background `{{backgroundColor}}`; WCAG AA needs {{needs}}:1; the nearest colour of the same hue that passes is `{{nearest}}`',
    },
  },
  check(context) {
    for (const c of checks(context)) {
      const ratio = contrast(c.color, c.background);
      if (ratio >= c.ratio) continue;
      const better = nearestPassing(c.color, c.background, c.ratio);
      const data = {
        label: c.label,
        color: hex(c.color),
        ratio: ratio.toFixed(2),
        background: c.backgroundName,
        backgroundColor: hex(c.background),
        needs: c.ratio,
      };
      context.report({
        ...(better ? { messageId: 'lowNearest', data: { ...data, nearest: hex(better) } } : { messageId: 'low', data }),
        at: { pointer: c.pointer },
      });
    }
  },
});
