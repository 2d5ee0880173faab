import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
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
  /** The font as an uncompressed TrueType file. */
  data: Buffer;
  covers: (codePoint: number) => boolean;
}

/**
 * A WOFF 1.0 file (W3C WOFF, section 4-5) as the TrueType file it wraps: its tables inflated once
 * per process. pdfkit reads a WOFF font too, but inflates its tables again for every document, which
 * was most of the time of a long statement.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((shift) =>
      woff.readUInt32BE(at + shift),
    ) as [number, number, number, number, number];
    const raw = woff.subarray(offset, offset + compressed);
    return { tag, checksum, data: compressed < length ? inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function loadFonts(): PdfFont[] {
  return ['latin', 'arabic', 'latin-ext'].map((subset) => {
    const data = woffToSfnt(readFileSync(fontFile(subset)));
    const font = fontkit.create(data) as fontkit.Font;
    return { name: `noto-${subset}`, data, covers: (cp: number) => font.hasGlyphForCodePoint(cp) };
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

/** One piece of a line, in the order it is drawn (left to right), as pdfkit is to be given it (one word of Arabic at most). */
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
export function visualRuns(text: string, base: 'ltr' | 'rtl' | 'auto'): TextRun[] {
  if (base !== 'rtl' && /^[\x20-\x7e]*$/.test(text)) return [{ font: pdfFonts()[0]!.name, text }];
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
  return runs.flatMap(({ font, chars }) => {
    const visual = chars.join('');
    if (!fontkitReverses(visual)) return [{ font: font.name, text: visual }];
    // Right to left: word by word in visual order, each word in logical order (fontkit shapes and
    // reverses a word by itself; pdfkit keeps each word's layout, so a long statement lays out fast).
    const logical = [...chars].reverse().join('');
    return logical
      .split(/( +)/)
      .filter(Boolean)
      .reverse()
      .map((text) => ({ font: font.name, text }));
  });
}
