import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

/**
 * Text in a PDF in any of the member's languages, without a system font: the Noto Sans Arabic files
 * of @fontsource/noto-sans-arabic (its Arabic, Latin and Latin Extended subsets, OFL). pdfkit draws
 * what it is given from left to right and shapes Arabic through fontkit, which lays an Arabic run out
 * right to left by itself; the Unicode bidirectional algorithm (bidi-js) decides the order of the
 * runs, so an Arabic line with an English plan name and figures in it reads as it would on screen.
 */

const require = createRequire(import.meta.url);
const fontFile = (subset: string) =>
  require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-400-normal.woff`);

export interface PdfFont {
  /** The name pdfkit registers it under. */
  name: string;
  path: string;
  covers: (codePoint: number) => boolean;
}

function loadFonts(): PdfFont[] {
  return ['latin', 'arabic', 'latin-ext'].map((subset) => {
    const path = fontFile(subset);
    const font = fontkit.openSync(path) as fontkit.Font;
    return { name: `noto-${subset}`, path, covers: (cp: number) => font.hasGlyphForCodePoint(cp) };
  });
}

let fonts: PdfFont[] | undefined;
/** The fonts, opened once per process (first is the fallback for a character none of them has). */
export function pdfFonts(): PdfFont[] {
  fonts ??= loadFonts();
  return fonts;
}

const bidi = bidiFactory();
/** Direction marks and isolates: they order the text, and no font draws them. */
const CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ARABIC = /\p{Script=Arabic}/u;
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;

/** One piece of a line, in the order it is drawn (left to right), as pdfkit is to be given it. */
export interface TextRun {
  font: string;
  text: string;
}

/** fontkit lays a run out right to left when the first character with a script in it is Arabic. */
function fontkitReverses(text: string): boolean {
  for (const char of text) if (SCRIPTED.test(char)) return ARABIC.test(char);
  return false;
}

function fontFor(codePoint: number, previous: PdfFont | undefined): PdfFont {
  const all = pdfFonts();
  if (previous?.covers(codePoint)) return previous;
  return all.find((font) => font.covers(codePoint)) ?? all[0]!;
}

/**
 * The runs of `text` in drawing order for a paragraph of direction `base`: characters in visual
 * order (bidi), grouped by font and level, each run handed over so that fontkit's own right-to-left
 * layout of Arabic ends up in that visual order.
 */
export function visualRuns(text: string, base: 'ltr' | 'rtl'): TextRun[] {
  if (base === 'ltr' && /^[\x20-\x7e]*$/.test(text)) return [{ font: pdfFonts()[0]!.name, text }];
  const levels = bidi.getEmbeddingLevels(text, base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = bidi.getReorderedIndices(text, levels);
  const runs: { font: PdfFont; level: number; chars: string[] }[] = [];
  let previous: PdfFont | undefined;
  for (const index of order) {
    let char = text[index]!;
    // A lone surrogate half of a character outside the BMP: draw the pair from its first half.
    if (char >= '\udc00' && char <= '\udfff') continue;
    if (char >= '\ud800' && char <= '\udbff') char = text.slice(index, index + 2);
    if (CONTROLS.test(char)) continue;
    char = mirrored.get(index) ?? char;
    const font = fontFor(char.codePointAt(0)!, previous);
    previous = font;
    const level = levels.levels[index]!;
    const last = runs[runs.length - 1];
    if (last && last.font === font && last.level === level) last.chars.push(char);
    else runs.push({ font, level, chars: [char] });
  }
  return runs.map(({ font, chars }) => {
    const visual = chars.join('');
    return { font: font.name, text: fontkitReverses(visual) ? [...chars].reverse().join('') : visual };
  });
}
