import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import type { StatementMovement } from './statements.repository';
import { movementDescription, statementFormats } from './statement-rows';
import { pdfFonts, visualRuns } from './pdf-text';
import { typeLabel } from './statement-texts';
import type { StatementHeader } from './statements.service';

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;
const ROW = 15;

type Align = 'left' | 'right';
/** A cell's base direction: the page's (none given), left to right (figures), or its first strong letter's (names). */
type Direction = 'ltr' | 'rtl' | 'auto';

/** pdfkit's own layout, which it keeps per word: a long statement repeats its words and figures. */
const TEXT: PDFKit.Mixins.TextOptions = { lineBreak: false };

/** The movement table's columns, as laid out left to right for a left-to-right language. */
const COLUMNS = [
  { x: 0, width: 82, align: 'left' },
  { x: 86, width: 245, align: 'left' },
  { x: 335, width: 88, align: 'right' },
  { x: 427, width: 88, align: 'right' },
] as const satisfies readonly { x: number; width: number; align: Align }[];

/** Draws on one statement: every cell goes through the bidi runs and mirrors for Arabic. */
class StatementCanvas {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN;
  private pageNumber = 1;

  constructor(
    private readonly header: StatementHeader,
    private readonly rtl: boolean,
  ) {
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: header.texts.title } });
    for (const font of pdfFonts()) this.doc.registerFont(font.name, font.data);
  }

  /** Text in a box of the content's width (mirrored for Arabic), cut with "..." when too long. */
  cell(text: string, x: number, width: number, align: Align, size = 9, direction?: Direction): void {
    const left = this.rtl ? MARGIN + CONTENT - x - width : MARGIN + x;
    const side: Align = this.rtl ? (align === 'left' ? 'right' : 'left') : align;
    let shown = text;
    const base = direction ?? (this.rtl ? 'rtl' : 'ltr');
    let runs = this.measure(shown, size, base);
    while (runs.width > width && shown.length > 1) {
      shown = `${shown.slice(0, Math.max(1, Math.floor(shown.length * (width / runs.width)) - 3))}...`;
      runs = this.measure(shown, size, base);
    }
    let cursor = side === 'right' ? left + width - runs.width : left;
    for (const run of runs.parts) {
      this.doc.font(run.font).fontSize(size).text(run.text, cursor, this.y, TEXT);
      cursor += run.width;
    }
  }

  private readonly measured = new Map<string, ReturnType<StatementCanvas['layout']>>();

  /** The runs of a cell's text and their widths, kept per text (dates and labels repeat). */
  private measure(text: string, size: number, base: Direction) {
    const key = `${base}|${size}|${text}`;
    let runs = this.measured.get(key);
    if (!runs) {
      if (this.measured.size > 5_000) this.measured.clear();
      runs = this.layout(text, size, base);
      this.measured.set(key, runs);
    }
    return runs;
  }

  private layout(text: string, size: number, base: Direction) {
    const parts = visualRuns(text, base).map((run) => ({
      ...run,
      width: this.doc.font(run.font).fontSize(size).widthOfString(run.text, TEXT),
    }));
    return { parts, width: parts.reduce((sum, part) => sum + part.width, 0) };
  }

  line(label: string, value: string, size = 10, valueDirection?: Direction): void {
    this.cell(label, 0, CONTENT * 0.6, 'left', size);
    this.cell(value, CONTENT * 0.6, CONTENT * 0.4, 'right', size, valueDirection);
    this.y += size + 6;
  }

  rule(): void {
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + CONTENT, this.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    this.y += 6;
  }

  /** A new page when `height` does not fit on this one; the table's header again when asked. */
  room(height: number, tableHeader = false): void {
    if (this.y + height <= BOTTOM) return;
    this.footer();
    this.doc.addPage();
    this.pageNumber += 1;
    this.y = MARGIN;
    if (tableHeader) this.tableHeader();
  }

  footer(): void {
    const y = this.y;
    this.y = PAGE.height - MARGIN;
    const { texts, platform, month } = this.header;
    this.cell(`${platform} · ${month} · ${texts.page} ${this.pageNumber}`, 0, CONTENT, 'right', 7);
    this.y = y;
  }

  tableHeader(): void {
    const { texts } = this.header;
    [texts.date, texts.description, texts.amount, texts.balance].forEach((label, index) => {
      const column = COLUMNS[index]!;
      this.cell(label, column.x, column.width, column.align, 9);
    });
    this.y += ROW;
    this.rule();
  }

  row(cells: string[]): void {
    this.room(ROW, true);
    cells.forEach((text, index) => {
      const column = COLUMNS[index]!;
      // An amount reads left to right in every language (an isolate, as on screen).
      this.cell(text, column.x, column.width, column.align, 8.5, index >= 2 ? 'ltr' : undefined);
    });
    this.y += ROW;
  }
}

function drawSummary(
  canvas: StatementCanvas,
  header: StatementHeader,
  format: ReturnType<typeof statementFormats>,
) {
  const { texts } = header;
  canvas.cell(header.platform, 0, CONTENT, 'left', 16, 'auto');
  canvas.y += 24;
  canvas.cell(`${texts.title} · ${format.month(header.range.from)}`, 0, CONTENT, 'left', 12);
  canvas.y += 22;
  canvas.line(texts.member, header.memberName, 10, 'auto');
  if (header.businessEmail) canvas.line(texts.businessEmail, header.businessEmail, 10, 'ltr');
  header.addressLines.forEach((line, index) =>
    canvas.line(index === 0 ? texts.address : '', line, 10, 'auto'),
  );
  canvas.y += 6;
  canvas.rule();
  canvas.line(texts.openingBalance, format.money(header.opening), 10, 'ltr');
  for (const total of header.totals) {
    canvas.room(16);
    canvas.line(`${typeLabel(texts, total.type)} (${total.entries})`, format.signed(total.total), 10, 'ltr');
  }
  canvas.room(16);
  canvas.line(texts.closingBalance, format.money(header.closing), 11, 'ltr');
  canvas.y += 10;
  canvas.room(60);
  canvas.cell(texts.movements, 0, CONTENT, 'left', 12);
  canvas.y += 20;
  canvas.tableHeader();
}

/**
 * Resolves once the reader has taken what is drawn down to the stream's high-water mark, or the stream
 * is gone (false then). pdfkit pushes every page as it is drawn, whatever the reader has taken, so the
 * drawing waits here before each batch: memory stays one batch deep for a slow reader, and a reader
 * that went away (the download cancelled) stops the reads of the database.
 */
async function readerCaughtUp(doc: Readable): Promise<boolean> {
  while (!doc.destroyed && doc.readableLength > doc.readableHighWaterMark) await sleep(READER_POLL_MS);
  return !doc.destroyed;
}

const READER_POLL_MS = 10;

/**
 * The statement as a PDF stream: the summary (platform, member, opening balance, totals per type,
 * closing balance), then every movement of the month, oldest first, drawn batch by batch as
 * `batches` reads them (pdfkit writes each page out when the next one starts), each batch once the
 * reader has taken the pages before it.
 */
export function statementPdf(header: StatementHeader, batches: AsyncIterable<StatementMovement[]>) {
  const canvas = new StatementCanvas(header, header.language === 'ar');
  const format = statementFormats(header.language);
  async function draw() {
    drawSummary(canvas, header, format);
    let any = false;
    for await (const rows of batches) {
      if (!(await readerCaughtUp(canvas.doc))) return; // leaving the loop ends the batches' reads
      for (const movement of rows) {
        any = true;
        canvas.row([
          format.day(movement.date),
          movementDescription(movement, header.language),
          format.signed(movement.amount),
          format.money(movement.balanceAfter),
        ]);
      }
    }
    if (!any) canvas.cell(header.texts.none, 0, CONTENT, 'left', 9);
    canvas.footer();
    canvas.doc.end();
  }
  draw().catch((error: unknown) => canvas.doc.destroy(error as Error));
  return canvas.doc;
}
