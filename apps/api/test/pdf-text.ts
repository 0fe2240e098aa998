import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/*
 * A PDF read back by pdf.js, an extractor independent of the library that wrote it: the text a reader can
 * search and copy, for the statement's tests.
 */

// pdf.js's own copies of the standard fonts' metrics (without them it warns on every page).
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** Intl puts a no-break space in "R$ 1,00" (drawn as U+00A0); compare with plain spaces on both sides. */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** An amount as Intl writes it in `locale`, with plain spaces. */
export function money(locale: string, value: number): string {
  return normalizeSpaces(new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value));
}

/**
 * The text of each page. Items are lines and cells, and a wrapped value spans two, so every whitespace run
 * reads as one plain space.
 */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    const strings = content.items.map((item) => ('str' in item ? item.str : ''));
    pages.push(normalizeSpaces(strings.join(' ')).replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
}

/** All the pages' text as one line. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPageTexts(pdf)).join(' ');
}
