// The reading rules of a spreadsheet (domain/imports/sheet-columns.ts), as the import use cases take them:
// where the header is, which column fills which field, and what each row says.
import { ClientRowCommand, ColumnPlan, ImportResource, LeadRowCommand, RowReading } from '../../domain/imports/import-rows';

export interface SheetRules {
  /** The index, among the first rows read (at most 10), of the header row. */
  headerRowIndex(firstRows: string[][]): number;
  isBlankRow(cells: string[]): boolean;
  /** Which field each column fills; throws ValidationFailed on a bad mapping or a required column missing. */
  planColumns(resource: ImportResource, headers: string[], mapping?: Record<string, string | null>): ColumnPlan;
  readClientRow(plan: ColumnPlan, cells: string[]): RowReading<ClientRowCommand>;
  readLeadRow(plan: ColumnPlan, cells: string[]): RowReading<LeadRowCommand>;
}

/** Rows read before the header must have been found among them. */
export const HEADER_SEARCH_ROWS = 10;
