import type { ThemeName } from "./theme.js";

/**
 * OSC 11 with `?`: asks the terminal for its background colour. A terminal that knows answers
 * on stdin with `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST (`ESC \`); others say nothing.
 */
export const BACKGROUND_QUERY = "\x1b]11;?\x07";

/** A colour with each channel from 0 to 1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * The background colour in the payload of an OSC 11 reply (what lies between `ESC ]` and the
 * terminator): `11;rgb:R/G/B` or `11;rgba:R/G/B/A`, each channel 1 to 4 hex digits scaled to its
 * own width (`ff` and `ffff` are both full), or `11;#RRGGBB`. `undefined` for anything else.
 */
export function parseBackgroundReply(payload: string): Rgb | undefined {
  const body = /^11;(.*)$/s.exec(payload)?.[1]?.trim();
  if (!body) return undefined;
  const channels = /^rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?$/i
    .exec(body)
    ?.slice(1, 4);
  if (channels) {
    const [r, g, b] = channels.map((hex) => parseInt(hex, 16) / (16 ** hex.length - 1)) as [
      number,
      number,
      number,
    ];
    return { r, g, b };
  }
  const sharp = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(body);
  if (sharp) {
    const [r, g, b] = sharp.slice(1, 4).map((hex) => parseInt(hex, 16) / 255) as [
      number,
      number,
      number,
    ];
    return { r, g, b };
  }
  return undefined;
}

/** Relative luminance (WCAG 2, sRGB): 0 for black, 1 for white. */
export function luminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Lighter than a perceptual mid-grey (CIE L* above 50, a luminance above about 0.18): the light
 * palette's dark hues then contrast more than the dark palette's bright ones.
 */
const LIGHT_ABOVE = 0.18;

/** The palette for a background colour. */
export const paletteFor = (background: Rgb): ThemeName =>
  luminance(background) > LIGHT_ABOVE ? "light" : "dark";
