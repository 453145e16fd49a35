// How the rows of a spreadsheet become records: which column holds which field, and what each row says.
// Declarations shared by the reading rules (`sheet-columns.ts`) and the import itself.
import { ClientChanges, ClientType } from '../clients/client';
import { NewLead } from '../projects/lead';

export type ImportResource = 'clients' | 'leads';

/** A client as a row describes it: the command of POST /clients. */
export type ClientRowCommand = ClientChanges & { type: ClientType; name: string };

/** A lead as a row describes it: the command of POST /projects/:id/leads. */
export type LeadRowCommand = NewLead;

/**
 * Which field each column of the file fills, by the column's position; null for a column left out.
 * Field names are the API's, dotted for the address: `name`, `email`, `address.city`.
 */
export interface ColumnPlan {
  resource: ImportResource;
  headers: string[];
  fields: (string | null)[];
}

/** A problem of one row: an error keeps the row from being written, a warning leaves the field empty. */
export interface RowProblem {
  level: 'error' | 'warning';
  /** The API field concerned, when there is one. */
  field?: string;
  /** The column of the file concerned, as its header reads. */
  column?: string;
  message: string;
}

/** What one row says: the command (absent when an error keeps the row out) and its problems. */
export interface RowReading<C> {
  command?: C;
  problems: RowProblem[];
}
