// The port through which a spreadsheet file is read, row by row, without holding it in memory.

/** One row of the file as read: its cells as text, and its line in the file (1-based, as an editor shows it). */
export interface SheetRow {
  line: number;
  cells: string[];
}

export type SheetEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252';

/** A file opened for reading: what was detected, and its rows (the header row among them), streamed. */
export interface Sheet {
  separator: ',' | ';' | '\t' | '|';
  encoding: SheetEncoding;
  rows: AsyncIterable<SheetRow>;
}

export interface SheetReadLimits {
  /** Most rows read before the sheet stops with SheetUnreadable (`too_many_rows`). */
  maxRows: number;
}

/**
 * Reads a delimited text file (CSV, TSV) from its bytes. A file that cannot be read at all (empty, binary,
 * an unclosed quote, too many rows) makes `open` or the row iteration throw `SheetUnreadable`.
 */
export interface SheetReader {
  open(bytes: AsyncIterable<Buffer>, limits: SheetReadLimits): Promise<Sheet>;
}
