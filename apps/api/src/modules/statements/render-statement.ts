import {
  type CreditEstimate,
  formatAccessKey,
  formatIdentification,
  identificationKindOf,
} from '@portal/contract';
import PDFDocument from 'pdfkit';
import { formatInstant } from '../../lib/format';
import type { Locale } from '../../mail/templates/locale';
import type { StatementInput } from './statement-input';
import { STATEMENT_LABELS, type StatementLabels } from './statement-labels';

type Doc = PDFKit.PDFDocument;
type Style = { font: string; size: number; color: string };
type Formats = { money(value: number): string; date(isoDate: string): string; instant(iso: string): string };
/** What every drawing step needs; `y` is where the next block starts on the current page. */
type Ctx = { doc: Doc; t: StatementLabels; fmt: Formats; input: StatementInput; y: number };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
/** The bottom margin holds the footer, so content never reaches it. */
const BOTTOM_MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const CONTENT_BOTTOM = A4.height - BOTTOM_MARGIN;

const TITLE: Style = { font: 'Helvetica-Bold', size: 15, color: '#000000' };
const SUBTITLE: Style = { font: 'Helvetica', size: 10, color: '#555555' };
const HEADING: Style = { font: 'Helvetica-Bold', size: 11, color: '#000000' };
const LABEL: Style = { font: 'Helvetica-Bold', size: 9, color: '#555555' };
const BODY: Style = { font: 'Helvetica', size: 9, color: '#000000' };
const CELL: Style = { font: 'Helvetica', size: 8, color: '#000000' };
/** The line under a credit's row: its electronic invoice's access key. */
const NOTE: Style = { font: 'Helvetica', size: 7.5, color: '#444444' };
const HEAD_CELL: Style = { font: 'Helvetica-Bold', size: 8, color: '#333333' };
const TOTAL: Style = { font: 'Helvetica-Bold', size: 9, color: '#000000' };
const FOOTER: Style = { font: 'Helvetica', size: 7.5, color: '#555555' };
const RULE_COLOR = '#cccccc';
const HEADER_FILL = '#eeeeee';
const CELL_PAD = 3;

/** `fit`: the text is shrunk to stay on one line (an amount cut in two would be misread). */
type Column = { key: keyof StatementLabels['columns']; width: number; align: 'left' | 'right'; fit: boolean };
const TEXT_COLUMNS: Column[] = [
  { key: 'invoice', width: 80, align: 'left', fit: false },
  { key: 'installment', width: 50, align: 'left', fit: false },
  { key: 'dueDate', width: 54, align: 'left', fit: false },
];
const MONEY_KEYS = ['originalValue', 'discount', 'iof', 'bankFee', 'net'] as const;
const MONEY_WIDTH = (CONTENT_WIDTH - TEXT_COLUMNS.reduce((sum, c) => sum + c.width, 0)) / MONEY_KEYS.length;
const COLUMNS: Column[] = [
  ...TEXT_COLUMNS,
  ...MONEY_KEYS.map((key): Column => ({ key, width: MONEY_WIDTH, align: 'right', fit: true })),
];

/**
 * A request's statement as a PDF (A4, real text in the standard Helvetica fonts, so it is searchable and needs
 * no embedded font). Deterministic for a given input: the creation date is `generatedAt` and pdfkit derives the
 * file ID from the info dictionary, so nothing in the output depends on the clock.
 */
export async function renderStatement(input: StatementInput): Promise<Buffer> {
  const t = STATEMENT_LABELS[input.locale];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM_MARGIN },
    // Pages stay in memory until end(), so the footer can say "n / N" once N is known.
    bufferPages: true,
    lang: input.locale,
    displayTitle: true,
    font: 'Helvetica',
    info: {
      Title: t.title(input.batch.id),
      Author: input.organizationName,
      CreationDate: new Date(input.generatedAt),
    },
  });
  const done = collect(doc);
  const ctx: Ctx = { doc, t, fmt: formatsFor(input.locale, input.timezone), input, y: MARGIN };
  drawHeader(ctx);
  drawDetails(ctx);
  drawRejection(ctx);
  drawCredits(ctx);
  drawTotals(ctx);
  drawFooters(ctx);
  doc.end();
  return done;
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

// ---- formats -------------------------------------------------------------------------------------------------

function formatsFor(locale: Locale, timeZone: string): Formats {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
  const day = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
  const calendarDate = new Intl.DateTimeFormat(locale, { ...day, timeZone: 'UTC' });
  return {
    money: (value) => money.format(value),
    // A calendar date is read at noon UTC, so that no zone moves it to another day.
    date: (isoDate) => calendarDate.format(new Date(`${isoDate}T12:00:00Z`)),
    instant: (iso) => formatInstant(locale, new Date(iso), timeZone),
  };
}

function identificationLabel(identification: string): string {
  return identificationKindOf(identification) ?? 'CNPJ/CPF';
}

// The characters above Latin-1 that WinAnsiEncoding (pdfkit's encoding for the standard fonts) still has.
const WIN_ANSI_EXTRA = new Set('ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™');

/**
 * Text the standard fonts can show. pdfkit writes each UTF-16 unit as is, so a character outside WinAnsi
 * (e.g. the U+202F narrow no-break space Intl may put in "R$ 1,00") would print as garbage: spaces become a
 * no-break space (keeping an amount on one line), invisible format characters go, accented letters outside
 * Latin-1 lose their accent, anything else becomes "?".
 */
export function toWinAnsi(text: string): string {
  // Most texts (numbers, amounts, dates) are Latin-1 already: skip the per-character walk.
  if (LATIN_1_PRINTABLE.test(text)) return text;
  return Array.from(text.normalize('NFC'), winAnsiChar).join('');
}

const LATIN_1_PRINTABLE = /^[\n\x20-\x7e\xa0-\xff]*$/;

function winAnsiChar(char: string): string {
  if (isWinAnsi(char)) return char;
  if (/[\t\r\v\f]/.test(char)) return ' ';
  if (/\p{Zs}/u.test(char)) return '\u00a0';
  if (/\p{Cf}/u.test(char)) return '';
  const base = char.normalize('NFD').replace(/\p{M}/gu, '');
  return base.length > 0 && Array.from(base).every(isWinAnsi) ? base : '?';
}

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    char === '\n' ||
    (code >= 0x20 && code < 0x7f) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
}

// ---- drawing primitives --------------------------------------------------------------------------------------

type TextBox = { x: number; y: number; width: number; align?: 'left' | 'right' };

function useStyle(doc: Doc, style: Style): Doc {
  return doc.font(style.font).fontSize(style.size).fillColor(style.color);
}

/** Draws text at a fixed place; returns its height. */
function put(doc: Doc, text: string, style: Style, box: TextBox): number {
  const safe = toWinAnsi(text);
  useStyle(doc, style).text(safe, box.x, box.y, { width: box.width, align: box.align ?? 'left' });
  return doc.heightOfString(safe, { width: box.width });
}

/** A horizontal line, the content's full width unless told. */
function rule(doc: Doc, y: number, color = RULE_COLOR, x = MARGIN, width = CONTENT_WIDTH): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke();
}

/** Opens a new page when `height` does not fit under `ctx.y`; returns whether it did. */
function ensureSpace(ctx: Ctx, height: number): boolean {
  if (ctx.y + height <= CONTENT_BOTTOM) return false;
  ctx.doc.addPage();
  ctx.y = MARGIN;
  return true;
}

// ---- blocks --------------------------------------------------------------------------------------------------

function drawHeader(ctx: Ctx): void {
  const { doc, t, input } = ctx;
  ctx.y += put(doc, t.title(input.batch.id), TITLE, { x: MARGIN, y: ctx.y, width: CONTENT_WIDTH }) + 4;
  ctx.y += put(doc, input.organizationName, SUBTITLE, { x: MARGIN, y: ctx.y, width: CONTENT_WIDTH }) + 8;
  rule(doc, ctx.y);
  ctx.y += 12;
}

type Pair = readonly [label: string, value: string];

/** Company and program on the left, the request on the right. */
function drawDetails(ctx: Ctx): void {
  const { t, fmt, input } = ctx;
  const { company, program, batch } = input;
  const left: Pair[] = [
    [t.company, company.name],
    [identificationLabel(company.identification), formatIdentification(company.identification)],
    [t.bankAccount, company.bankAccount ?? '-'],
    [t.program, program.name],
    [
      t.buyer,
      `${program.buyerName}\n${identificationLabel(program.buyerIdentification)} ${formatIdentification(program.buyerIdentification)}`,
    ],
    [t.funder, program.funderName],
  ];
  const right: Pair[] = [
    [t.requestNumber, String(batch.id)],
    [t.requestedAt, fmt.instant(batch.requestedAt)],
    [t.paymentDate, fmt.date(batch.paymentDate)],
    [t.status, t.statuses[batch.status]],
    ...(batch.paymentReference ? [[t.paymentReference, toWinAnsi(batch.paymentReference)] as Pair] : []),
  ];
  const half = (CONTENT_WIDTH - 20) / 2;
  const leftEnd = drawPairs(ctx.doc, left, MARGIN, ctx.y, half);
  const rightEnd = drawPairs(ctx.doc, right, MARGIN + half + 20, ctx.y, half);
  ctx.y = Math.max(leftEnd, rightEnd) + 8;
}

/** Label and value side by side, one pair under the other; returns the y under the last pair. */
function drawPairs(doc: Doc, pairs: Pair[], x: number, top: number, width: number): number {
  const labelWidth = 100;
  const valueWidth = width - labelWidth - 6;
  let y = top;
  for (const [label, value] of pairs) {
    const labelHeight = put(doc, label, LABEL, { x, y, width: labelWidth });
    const valueHeight = put(doc, value, BODY, { x: x + labelWidth + 6, y, width: valueWidth });
    y += Math.max(labelHeight, valueHeight) + 4;
  }
  return y;
}

/** The reason may be long (free text): it gets the full width and, if it must, flows onto the next page. */
function drawRejection(ctx: Ctx): void {
  const reason = ctx.input.batch.rejectionReason;
  if (!reason) return;
  const { doc } = ctx;
  ensureSpace(ctx, 40);
  ctx.y += put(doc, ctx.t.rejectionReason, LABEL, { x: MARGIN, y: ctx.y, width: CONTENT_WIDTH }) + 2;
  useStyle(doc, BODY).text(toWinAnsi(reason), MARGIN, ctx.y, { width: CONTENT_WIDTH });
  ctx.y = doc.y + 8;
}

function drawCredits(ctx: Ctx): void {
  const { doc, t } = ctx;
  rule(doc, ctx.y);
  ctx.y += 10;
  // The heading never sits alone at a page's foot: it goes with the table header and a first row.
  ensureSpace(ctx, 70);
  ctx.y += put(doc, t.credits, HEADING, { x: MARGIN, y: ctx.y, width: CONTENT_WIDTH }) + 6;
  drawTableHeader(ctx);
  for (const credit of ctx.input.credits) {
    const note = credit.invoiceKey ? `${t.accessKey}: ${formatAccessKey(credit.invoiceKey)}` : undefined;
    drawRow(ctx, creditCells(ctx.fmt, credit), note);
  }
}

function creditCells(fmt: Formats, credit: CreditEstimate): string[] {
  return [
    `${credit.nfNumber}/${credit.nfSerial}`,
    String(credit.installmentNumber),
    fmt.date(credit.expireDate),
    fmt.money(credit.originalValue),
    fmt.money(credit.discount),
    // Both IOF parts are in reais with 2 decimals; rounding to the centavo drops the float sum's noise.
    fmt.money(Math.round((credit.dailyIof + credit.fixedIof) * 100) / 100),
    fmt.money(credit.bankFee),
    fmt.money(credit.anticipation),
  ];
}

/** Each cell's text (in the fonts' WinAnsi) and style, measured once and used to size and to draw the row. */
type Cell = { text: string; style: Style };

function measureCells(doc: Doc, cells: string[], style: Style, fit: boolean): Cell[] {
  return cells.map((cell, i) => {
    const text = toWinAnsi(cell);
    return { text, style: cellStyle(doc, text, style, i, fit) };
  });
}

/**
 * The tallest cell plus padding. A cell shrunk to fit stays on one line, never taller than the row's other
 * cells at the full size, so only the cells that may wrap are measured (the wrap is the costly part: a
 * 5,000-credit statement spent most of its time there).
 */
function rowHeight(doc: Doc, cells: Cell[], fit: boolean): number {
  const heights = cells.map(({ text, style }, i) =>
    fit && COLUMNS[i]?.fit ? 0 : useStyle(doc, style).heightOfString(text, { width: cellWidth(i) }),
  );
  return Math.max(...heights) + 2 * CELL_PAD;
}

function cellWidth(column: number): number {
  return (COLUMNS[column]?.width ?? 0) - 2 * CELL_PAD;
}

/** The style, smaller if the column keeps its text on one line and the text is too wide (R$ 1.234.567,89). */
function cellStyle(doc: Doc, winAnsiText: string, style: Style, column: number, fit: boolean): Style {
  if (!fit || !COLUMNS[column]?.fit) return style;
  const width = useStyle(doc, style).widthOfString(winAnsiText);
  const room = cellWidth(column);
  return width <= room ? style : { ...style, size: Math.max(5, (style.size * room) / width - 0.05) };
}

function drawCells(doc: Doc, cells: Cell[], y: number): void {
  let x = MARGIN;
  cells.forEach(({ text, style }, i) => {
    const column = COLUMNS[i];
    if (!column) return;
    useStyle(doc, style).text(text, x + CELL_PAD, y + CELL_PAD, { width: cellWidth(i), align: column.align });
    x += column.width;
  });
}

function drawTableHeader(ctx: Ctx): void {
  const { doc, t } = ctx;
  // Header words may wrap (two short lines read better than a tiny font).
  const cells = measureCells(
    doc,
    COLUMNS.map((column) => t.columns[column.key]),
    HEAD_CELL,
    false,
  );
  const height = rowHeight(doc, cells, false);
  doc.rect(MARGIN, ctx.y, CONTENT_WIDTH, height).fill(HEADER_FILL);
  drawCells(doc, cells, ctx.y);
  ctx.y += height;
}

/**
 * A row is never cut: when it does not fit, it starts the next page, under the repeated header. A `note` (the
 * electronic invoice's access key) is one more line across the whole row, under its cells.
 */
function drawRow(ctx: Ctx, cells: string[], note?: string): void {
  const { doc } = ctx;
  const measured = measureCells(doc, cells, CELL, true);
  const height = rowHeight(doc, measured, true);
  const noteText = note === undefined ? undefined : toWinAnsi(note);
  const noteHeight =
    noteText === undefined
      ? 0
      : useStyle(doc, NOTE).heightOfString(noteText, { width: CONTENT_WIDTH }) + CELL_PAD;
  if (ensureSpace(ctx, height + noteHeight)) drawTableHeader(ctx);
  drawCells(doc, measured, ctx.y);
  ctx.y += height;
  if (noteText !== undefined) {
    useStyle(doc, NOTE).text(noteText, MARGIN + CELL_PAD, ctx.y - CELL_PAD, {
      width: CONTENT_WIDTH - 2 * CELL_PAD,
    });
    ctx.y += noteHeight;
  }
  rule(doc, ctx.y, '#e5e5e5');
}

/** The request's own totals (frozen at request time), never the credits summed again. */
function drawTotals(ctx: Ctx): void {
  const { doc, t, fmt, input } = ctx;
  const { batch } = input;
  const rows: [string, number, Style][] = [
    [t.totals.value, batch.value, BODY],
    [t.totals.discount, batch.discount, BODY],
    [t.totals.iof, batch.iof, BODY],
    [t.totals.fees, batch.fees, BODY],
    [t.totals.total, batch.total, TOTAL],
  ];
  const width = 280;
  const x = MARGIN + CONTENT_WIDTH - width;
  const lineHeight = 15;
  ctx.y += 12;
  ensureSpace(ctx, 20 + rows.length * lineHeight);
  ctx.y += put(doc, t.totals.title, HEADING, { x, y: ctx.y, width }) + 6;
  rows.forEach(([label, value, style], i) => {
    if (i === rows.length - 1) rule(doc, ctx.y - 3, RULE_COLOR, x, width);
    put(doc, label, style, { x, y: ctx.y, width: width - 110 });
    put(doc, fmt.money(value), style, { x: x + width - 110, y: ctx.y, width: 110, align: 'right' });
    ctx.y += lineHeight;
  });
}

/** "Generated at" and "n / N" on every page, now that N is known. */
function drawFooters(ctx: Ctx): void {
  const { doc, t, fmt, input } = ctx;
  const text = `${t.title(input.batch.id)} · ${t.generatedAt} ${fmt.instant(input.generatedAt)}`;
  const { start, count } = doc.bufferedPageRange();
  const y = A4.height - BOTTOM_MARGIN + 20;
  for (let page = 0; page < count; page++) {
    doc.switchToPage(start + page);
    // The footer lies in the bottom margin; pdfkit would open a new page for text there unless it is lifted.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    rule(doc, y - 6);
    put(doc, text, FOOTER, { x: MARGIN, y, width: CONTENT_WIDTH - 70 });
    put(doc, `${page + 1} / ${count}`, FOOTER, {
      x: MARGIN + CONTENT_WIDTH - 60,
      y,
      width: 60,
      align: 'right',
    });
    doc.page.margins = margins;
  }
}
