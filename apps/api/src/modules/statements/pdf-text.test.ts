import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { visualRuns, woffToSfnt } from './pdf-text';

const texts = (text: string, base: 'ltr' | 'rtl' | 'auto') => visualRuns(text, base).map((run) => run.text);

describe('visualRuns: the pieces of a line in the order they are drawn, left to right', () => {
  it('draws an Arabic line word by word from the right: its first word rightmost', () => {
    expect(texts('الرصيد الختامي', 'rtl')).toEqual(['الختامي', ' ', 'الرصيد']);
    expect(visualRuns('الرصيد الختامي', 'rtl').every((run) => run.font === 'noto-arabic')).toBe(true);
  });

  it('keeps an English name and a number left to right inside an Arabic line, brackets mirrored', () => {
    expect(texts('أرباح: Starter', 'rtl')).toEqual(['Starter', ' :', 'أرباح']);
    expect(texts('أرباح (30)', 'rtl')).toEqual(['(', '30', ') ', 'أرباح']);
  });

  it('leaves a left-to-right line as it is, and takes an address by its first strong letter', () => {
    expect(texts('Earning: Starter', 'ltr')).toEqual(['Earning: Starter']);
    expect(texts('12 Byron Street', 'auto')).toEqual(['12 Byron Street']);
    expect(texts('12 Byron Street', 'rtl')).toEqual(['Byron Street', ' ', '12']);
  });

  it('draws each character with a font that has it (Latin Extended for Ł)', () => {
    expect(visualRuns('Ada Łukasz', 'ltr').map((run) => run.font)).toEqual([
      'noto-latin',
      'noto-latin-ext',
      'noto-latin',
    ]);
  });

  it('drops direction marks, which no font draws', () => {
    expect(texts('\u200f10.00 US$', 'ltr').join('')).toBe('10.00 US$');
  });
});

describe('woffToSfnt', () => {
  it('gives the TrueType file a WOFF wraps, with the same glyphs', () => {
    const path = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
    );
    const woff = fontkit.create(readFileSync(path)) as fontkit.Font;
    const sfnt = woffToSfnt(readFileSync(path));
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const font = fontkit.create(sfnt) as fontkit.Font;
    expect(font.numGlyphs).toBe(woff.numGlyphs);
    const word = 'الرصيد';
    expect(font.layout(word).glyphs.map((glyph) => glyph.id)).toEqual(
      woff.layout(word).glyphs.map((glyph) => glyph.id),
    );
  });
});
