// Reads CSV and TSV files as people's tools save them (docs/imports.md): Excel pt-BR (`;`, Windows-1252),
// Google Sheets (`,`, UTF-8), LibreOffice (UTF-8 with a BOM), CRM exports (quoted notes over several lines).
// The bytes are decoded and parsed as they arrive (iconv-lite, then csv-parse's stream), so what is held
// at a time is a bounded prefix and one row, whatever the size of the file.
import { CsvError, Options, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { Readable, pipeline } from 'node:stream';
import { Sheet, SheetEncoding, SheetReadLimits, SheetReader, SheetRow } from '../../application/imports/sheet-reader';
import { SheetUnreadable } from '../../domain/imports/sheet-unreadable';

type Separator = Sheet['separator'];

export interface CsvSheetReaderOptions {
  /**
   * Most characters of one row (csv-parse's `max_record_size`); a longer one is refused, and a quote never
   * closed is found once it has swallowed this much, not at the end of the file.
   */
  maxRowChars?: number;
  /** Most bytes looked at before `open` answers, to find the encoding, the separator and a binary file. */
  prefixBytes?: number;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
// Separators in the order a tie is settled in.
const SEPARATORS: Separator[] = [';', ',', '\t', '|'];
const QUOTE = 0x22;
const LINE_BREAK = /\r\n|\r|\n/g;

/** What binary files start with, and what to call them in the refusal. */
const SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'an Excel workbook (.xlsx) or another ZIP archive' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'a ZIP archive' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'an Excel 97–2003 workbook (.xls)' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], what: 'a PDF' },
];

export class CsvSheetReader implements SheetReader {
  private readonly maxRowChars: number;
  private readonly prefixBytes: number;

  constructor(options: CsvSheetReaderOptions = {}) {
    this.maxRowChars = options.maxRowChars ?? 128_000;
    this.prefixBytes = options.prefixBytes ?? 64 * 1024;
  }

  async open(bytes: AsyncIterable<Buffer>, limits: SheetReadLimits): Promise<Sheet> {
    const source = bytes[Symbol.asyncIterator]();
    const { prefix, ended } = await this.readPrefix(source);
    const bom = prefix.subarray(0, 3).equals(UTF8_BOM);
    const afterBom = bom ? prefix.subarray(3) : prefix;
    try {
      if (!bom) refuseBinary(prefix);
      if (ended && afterBom.toString('latin1').trim() === '') throw new SheetUnreadable('The file is empty', 'empty');
    } catch (e) {
      await source.return?.();
      throw e;
    }
    const decoder = new LazyDecoder(bom ? 'utf-8-bom' : undefined);
    if (!bom) decoder.decideFrom(afterBom, ended);
    const separator = detectSeparator(afterBom.toString('latin1'));
    const rows = this.rows(chunksAfter(afterBom, source, decoder), separator, limits);
    return {
      separator,
      // Known when `open` answers when the first non-ASCII byte is in the prefix; past it the file is
      // called UTF-8 (an ASCII prefix reads the same in both) and the decoder still decides at that byte.
      get encoding(): SheetEncoding {
        return decoder.encoding;
      },
      rows,
    };
  }

  /** The first bytes: up to the end of the first non-blank line and the first non-ASCII character, within bounds. */
  private async readPrefix(source: AsyncIterator<Buffer>): Promise<{ prefix: Buffer; ended: boolean }> {
    const parts: Buffer[] = [];
    const scan = new PrefixScan();
    for (;;) {
      const next = await source.next();
      if (next.done) return { prefix: Buffer.concat(parts), ended: true };
      parts.push(next.value);
      scan.add(next.value);
      if (scan.size >= this.prefixBytes || scan.enough) return { prefix: Buffer.concat(parts), ended: false };
    }
  }

  private async *rows(chunks: AsyncIterable<Buffer>, separator: Separator, limits: SheetReadLimits): AsyncGenerator<SheetRow> {
    // The line the parser has read through, kept as it parses: a parse error reaches the iteration
    // before the rows parsed ahead of it, and its line is counted from here.
    let parsedThrough = 0;
    const options: Options<SheetRow, { record: string[] }> = {
      delimiter: separator,
      bom: false,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: this.maxRowChars,
      raw: true,
      // With `raw` (kept for the text of a row a parse error stops at), a record comes with its raw text.
      on_record: ({ record: cells }: { record: string[] }, context): SheetRow | null => {
        parsedThrough = context.lines;
        if (cells.every((cell) => cell.trim() === '')) return null;
        // `lines` is where the row ends; the line ends inside its quoted cells say where it starts.
        return { line: context.lines - cells.reduce((n, cell) => n + countBreaks(cell), 0), cells };
      },
    };
    // The overload that takes options alone is typed for records left as arrays, not for `on_record`'s own.
    const parser = parse(options as unknown as Options);
    pipeline(Readable.from(chunks), parser, () => {
      // Errors reach the iteration below through the parser; a stop by the reader is no error.
    });
    let count = 0;
    try {
      for await (const row of parser as AsyncIterable<SheetRow>) {
        count += 1;
        if (count > limits.maxRows) {
          throw new SheetUnreadable(`The file has more than ${limits.maxRows} rows`, 'too_many_rows', row.line);
        }
        yield row;
      }
    } catch (e) {
      if (e instanceof CsvError) throw refusalOf(e, separator, parsedThrough);
      throw e;
    } finally {
      parser.destroy();
    }
    if (count === 0) throw new SheetUnreadable('The file has only blank lines', 'empty');
  }
}

/** A csv-parse error as the refusal it means: a quote left open, or a file the parser cannot read. */
function refusalOf(e: CsvError, separator: Separator, lastLine: number): SheetUnreadable {
  const raw = typeof (e as { raw?: unknown }).raw === 'string' ? (e as unknown as { raw: string }).raw : '';
  const { leading, body } = splitRaw(raw);
  const start = lastLine + 1 + leading;
  const open = openQuoteAt(body, separator);
  if (e.code === 'CSV_QUOTE_NOT_CLOSED' || (e.code === 'CSV_MAX_RECORD_SIZE' && open !== null)) {
    const line = start + countBreaks(body.slice(0, open ?? 0));
    return new SheetUnreadable(`A quote opened on line ${line} is never closed`, 'unclosed_quote', line);
  }
  if (e.code === 'CSV_MAX_RECORD_SIZE') {
    return new SheetUnreadable(`The row on line ${start} is too long to read`, 'malformed', start);
  }
  return new SheetUnreadable(`The file cannot be read as CSV from line ${start}`, 'malformed', start);
}

/** The position of the quote that opened the field still open at the end of `text`, or null when none is. */
function openQuoteAt(text: string, separator: Separator): number | null {
  let open: number | null = null;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open !== null) {
      if (c !== '"') continue;
      if (text[i + 1] === '"') i += 1;
      else {
        open = null;
        fieldStart = false;
      }
      continue;
    }
    if (c === '"' && fieldStart) open = i;
    else fieldStart = c === separator || c === '\n' || c === '\r';
  }
  return open;
}

/** A row's raw text: the empty lines csv-parse skipped before it, and the row without its line end. */
function splitRaw(raw: string): { leading: number; body: string } {
  const skipped = /^(?:\r\n|\r|\n)*/.exec(raw)?.[0] ?? '';
  return { leading: countBreaks(skipped), body: raw.slice(skipped.length).replace(/(?:\r\n|\r|\n)$/, '') };
}

const countBreaks = (text: string): number => text.match(LINE_BREAK)?.length ?? 0;

function refuseBinary(prefix: Buffer): void {
  const signature = SIGNATURES.find((s) => s.bytes.every((b, i) => prefix[i] === b));
  if (signature || prefix.includes(0)) {
    const what = signature ? `It looks like ${signature.what}` : 'It holds binary data';
    throw new SheetUnreadable(
      `The file is not a text spreadsheet. ${what}; export it as CSV (in Excel: Save as › CSV) and send that file`,
      'binary',
    );
  }
}

/**
 * The separator of the first non-blank line, counted outside quotes: the most frequent wins, a tie goes
 * to the earlier of `;` `,` tab `|`, and none at all (a single column) is `,`. Separators, quotes and line
 * ends are ASCII in UTF-8 and Windows-1252 alike, so the bytes are read as Latin-1 here.
 */
function detectSeparator(text: string): Separator {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  let started = false;
  for (const c of text) {
    if (!started) {
      if (/\s/.test(c)) continue;
      started = true;
    }
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: Separator = ',';
  let most = 0;
  for (const s of SEPARATORS) {
    const n = counts.get(s) ?? 0;
    if (n > most) [best, most] = [s, n];
  }
  return best;
}

/**
 * Follows the first bytes as they come, each looked at once, until they hold enough to answer `open`: the
 * first 8 (the signatures), the whole first non-blank line (a quoted cell may carry it over several) and
 * a BOM or a non-ASCII character whose UTF-8 reading is known.
 */
class PrefixScan {
  size = 0;
  private readonly head: number[] = [];
  private started = false;
  private quoted = false;
  private lineDone = false;
  private readonly firstHigh: number[] = [];
  private encodingDone = false;

  get enough(): boolean {
    return this.size >= 8 && this.lineDone && this.encodingDone;
  }

  add(chunk: Buffer): void {
    for (const byte of chunk) {
      this.size += 1;
      if (this.head.length < 8) this.head.push(byte);
      if (this.size === 3 && Buffer.from(this.head).equals(UTF8_BOM)) {
        this.encodingDone = true;
        continue;
      }
      if (!this.encodingDone && (this.firstHigh.length > 0 || byte >= 0x80) && this.firstHigh.length < 4) {
        this.firstHigh.push(byte);
        this.encodingDone = utf8SequenceAt(Buffer.from(this.firstHigh), 0) !== 'incomplete';
      }
      if (this.lineDone) continue;
      if (!this.started) {
        if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || (this.size <= 3 && byte >= 0x80)) continue;
        this.started = true;
      }
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (!this.quoted && (byte === 0x0a || byte === 0x0d)) this.lineDone = true;
    }
  }
}

/** Whether the bytes at `at` start a well-formed UTF-8 sequence (RFC 3629), or it is cut short. */
function utf8SequenceAt(bytes: Buffer, at: number): 'valid' | 'invalid' | 'incomplete' {
  const lead = bytes[at];
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 1;
  else if (lead === 0xe0) [length, low] = [2, 0xa0];
  else if (lead === 0xed) [length, high] = [2, 0x9f];
  else if (lead >= 0xe1 && lead <= 0xef) length = 2;
  else if (lead === 0xf0) [length, low] = [3, 0x90];
  else if (lead >= 0xf1 && lead <= 0xf3) length = 3;
  else if (lead === 0xf4) [length, high] = [3, 0x8f];
  else return 'invalid';
  for (let k = 1; k <= length; k++) {
    if (at + k >= bytes.length) return 'incomplete';
    const b = bytes[at + k];
    if (b < (k === 1 ? low : 0x80) || b > (k === 1 ? high : 0xbf)) return 'invalid';
  }
  return 'valid';
}

/**
 * Decodes as the bytes come: ASCII passes through until the first non-ASCII byte, which decides for the
 * whole file. A well-formed UTF-8 sequence there means UTF-8; anything else is Windows-1252, the only
 * other encoding spreadsheet tools here save in. A sequence cut between chunks waits for its next bytes.
 */
class LazyDecoder {
  private decided: SheetEncoding | undefined;
  private decoder: iconv.DecoderStream | undefined;
  private held = Buffer.alloc(0);

  constructor(encoding?: SheetEncoding) {
    if (encoding) this.decide(encoding);
  }

  get encoding(): SheetEncoding {
    return this.decided ?? 'utf-8';
  }

  /** Settles the encoding from the prefix when it can, so that `open` can say it. */
  decideFrom(prefix: Buffer, ended: boolean): void {
    const at = prefix.findIndex((b) => b >= 0x80);
    if (at < 0) {
      if (ended) this.decide('utf-8');
      return;
    }
    const verdict = utf8SequenceAt(prefix, at);
    if (verdict === 'valid') this.decide('utf-8');
    else if (verdict === 'invalid' || ended) this.decide('windows-1252');
  }

  write(chunk: Buffer): string {
    if (this.decoder) return this.decoder.write(chunk);
    const bytes = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    this.held = Buffer.alloc(0);
    const at = bytes.findIndex((b) => b >= 0x80);
    if (at < 0) return bytes.toString('latin1');
    const verdict = utf8SequenceAt(bytes, at);
    const ascii = bytes.subarray(0, at).toString('latin1');
    if (verdict === 'incomplete') {
      this.held = Buffer.from(bytes.subarray(at));
      return ascii;
    }
    this.decide(verdict === 'valid' ? 'utf-8' : 'windows-1252');
    return ascii + this.write(bytes.subarray(at));
  }

  end(): string {
    let text = '';
    if (!this.decoder && this.held.length) {
      // A UTF-8 lead byte at the very end of the file, without the bytes it announces.
      const held = this.held;
      this.held = Buffer.alloc(0);
      this.decide('windows-1252');
      text = this.write(held);
    }
    return text + (this.decoder?.end() ?? '');
  }

  private decide(encoding: SheetEncoding): void {
    if (this.decoder) return;
    this.decided = encoding;
    this.decoder = iconv.getDecoder(encoding === 'windows-1252' ? 'windows-1252' : 'utf-8', { stripBOM: false });
  }
}

/**
 * The file's text from the prefix already read on, as UTF-8 chunks for the parser, every line end made
 * `\n`: csv-parse counts a CRLF inside a quoted cell as two lines, and a note reads the same whichever
 * tool saved it. A `\r` that ends a chunk waits for the next, which may start with its `\n`.
 */
async function* chunksAfter(prefix: Buffer, source: AsyncIterator<Buffer>, decoder: LazyDecoder): AsyncGenerator<Buffer> {
  let carriageReturn = '';
  const lines = (text: string, last = false): Buffer | null => {
    let all = carriageReturn + text;
    carriageReturn = '';
    if (!last && all.endsWith('\r')) [all, carriageReturn] = [all.slice(0, -1), '\r'];
    return all ? Buffer.from(all.replace(/\r\n?/g, '\n'), 'utf8') : null;
  };
  try {
    const first = lines(decoder.write(prefix));
    if (first) yield first;
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      const text = lines(decoder.write(next.value));
      if (text) yield text;
    }
    const rest = lines(decoder.end(), true);
    if (rest) yield rest;
  } finally {
    await source.return?.();
  }
}
