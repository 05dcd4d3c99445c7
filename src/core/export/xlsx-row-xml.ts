/**
 * Rows of a streamed worksheet written as XML text straight into the worksheet's part, in exactly the markup exceljs's
 * own row writer produces (`<row r spans x14ac:dyDescent><c r s t><v>…</v></c>…</row>`, the same escaping, the same
 * style ids registered in the same order). exceljs builds a Row, a Cell per value, a model per cell and an XML
 * builder per row, and writes each row to the zip entry on its own: for a million rows that object churn costs more
 * than the rest of the export together. Here a row is one string, and rows reach the stream in batches.
 *
 * It reads a few fields of exceljs's streaming writer that its typings do not declare; {@link RowXmlWriter.attach}
 * checks they are there and returns null otherwise, and the caller then writes through exceljs's own rows.
 */
import type ExcelJS from 'exceljs';

/** Value types as exceljs numbers them (`ExcelJS.ValueType`), for registering a style the way its cell writer does. */
export const XLSX_NUMBER_TYPE = 2;
export const XLSX_STRING_TYPE = 3;
export const XLSX_DATE_TYPE = 4;

/** The fields of exceljs's streaming worksheet a direct writer needs. */
interface SheetInternals {
  stream: { write(chunk: string): boolean };
  _rowZero: number;
  _rows: unknown[] | null;
}

interface StylesInternals {
  addStyleModel(style: Partial<ExcelJS.Style>, valueType: number): number;
}

/** Characters exceljs's `xmlEncode` replaces (markup) or drops (controls XML 1.0 does not allow). */
// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what it looks for
const NEEDS_ESCAPE = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;

/** Text as exceljs escapes it in a cell: the five markup characters as entities, disallowed controls removed. */
export function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) out += '&quot;';
    else if (code === 38) out += '&amp;';
    else if (code === 39) out += '&apos;';
    else if (code === 60) out += '&lt;';
    else if (code === 62) out += '&gt;';
    else if (code === 127 || (code <= 31 && code !== 9 && code !== 10 && code !== 13)) continue;
    else out += text[i];
  }
  return out;
}

const MS_PER_DAY = 24 * 3600 * 1000;

/** A time (ms since 1970) as the spreadsheet serial number exceljs writes for a Date cell. */
export function excelSerial(ms: number): number {
  return 25569 + ms / MS_PER_DAY;
}

/** Characters of row XML gathered before they are handed to the stream (a few dozen rows; larger chunks cost memory). */
const FLUSH_CHARS = 16 * 1024;

function isSheetInternals(value: unknown): value is SheetInternals {
  if (typeof value !== 'object' || value === null) return false;
  const sheet = value as Partial<Record<keyof SheetInternals, unknown>>;
  const stream = sheet.stream as { write?: unknown } | undefined;
  return typeof sheet._rowZero === 'number' && Array.isArray(sheet._rows) && typeof stream?.write === 'function';
}

function isStylesInternals(value: unknown): value is StylesInternals {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { addStyleModel?: unknown }).addStyleModel === 'function'
  );
}

/** Appends rows as XML to one streamed worksheet whose earlier rows are all committed. */
export class RowXmlWriter {
  /**
   * Pieces of the rows not yet handed over, joined once per chunk. The array is kept from chunk to chunk and a row's
   * pieces go straight into it, so writing a row allocates little besides its values' text.
   */
  private readonly pending: string[] = [];
  private count = 0;
  private pendingChars = 0;
  private rowMark = -1;
  private readonly styleAttrs = new Map<Partial<ExcelJS.Style>, string>();
  private readonly rowTails = new Map<number, string>();

  private constructor(
    private readonly sheet: SheetInternals,
    private readonly styles: StylesInternals,
  ) {}

  /** A writer for `sheet` of `workbook`, or null when exceljs's writer does not have the expected shape. */
  static attach(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet): RowXmlWriter | null {
    const styles: unknown = (workbook as unknown as { styles?: unknown }).styles;
    return isSheetInternals(sheet) && isStylesInternals(styles) ? new RowXmlWriter(sheet, styles) : null;
  }

  /** The number the next row gets (exceljs's own count, so rows it writes itself follow on). */
  get nextRow(): number {
    return this.sheet._rowZero + (this.sheet._rows?.length ?? 0);
  }

  /**
   * The ` s="…"` attribute of a cell of `valueType` with the shared `style` object, registering the style on first
   * use exactly as exceljs's cell writer does (so styles.xml is the same); empty for the default style.
   */
  styleAttr(style: Partial<ExcelJS.Style>, valueType: number): string {
    let attr = this.styleAttrs.get(style);
    if (attr === undefined) {
      const id = this.styles.addStyleModel(style, valueType);
      attr = id ? ` s="${id}"` : '';
      this.styleAttrs.set(style, attr);
    }
    return attr;
  }

  /** Starts row `nextRow`; returns its number as text, for the cells' references. */
  beginRow(): string {
    const number = String(this.nextRow);
    this.rowMark = this.count;
    this.put('<row r="');
    this.put(number);
    this.put('');
    return number;
  }

  /** Adds a piece of the current row's cells' XML. */
  put(piece: string): void {
    this.pending[this.count++] = piece;
    this.pendingChars += piece.length;
  }

  /** Drops the current row's pieces (exceljs writes that row instead). */
  abandonRow(): void {
    this.count = this.rowMark;
    this.rowMark = -1;
  }

  /** Ends the current row, whose cells span columns `first`..`last` (1-based). */
  endRow(first: number, last: number): void {
    this.pending[this.rowMark + 2] = this.rowTail(first, last);
    this.put('</row>');
    this.rowMark = -1;
    this.sheet._rowZero = this.sheet._rowZero + 1;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  /** Hands the gathered rows to the worksheet's stream; call before exceljs writes a row itself and before commit. */
  flush(): void {
    if (this.count === 0) return;
    this.pending.length = this.count;
    this.sheet.stream.write(this.pending.join(''));
    this.count = 0;
    this.pendingChars = 0;
  }

  /** The rest of a row's opening tag: its span of columns and the row height descent exceljs writes. */
  private rowTail(first: number, last: number): string {
    const key = first * 65536 + last;
    let tail = this.rowTails.get(key);
    if (tail === undefined) {
      const spans = first > 0 && last > 0 && first <= last ? ` spans="${first}:${last}"` : '';
      tail = `"${spans} x14ac:dyDescent="0.25">`;
      this.rowTails.set(key, tail);
    }
    return tail;
  }
}
