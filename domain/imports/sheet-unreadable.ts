import { ValidationFailed } from '../shared/errors';

/** Why a whole file cannot be imported (its rows' own problems are reported per row instead). */
export type SheetProblem = 'empty' | 'binary' | 'unclosed_quote' | 'no_header' | 'no_data_rows' | 'too_many_rows' | 'malformed';

/** 400 on the `file` part, with `details.reason`: the file as a whole cannot be read. */
export class SheetUnreadable extends ValidationFailed {
  constructor(
    message: string,
    readonly reason: SheetProblem,
    line?: number,
  ) {
    super(message, 'file', 'VALIDATION_ERROR', { reason, ...(line !== undefined ? { line } : {}) });
  }
}
