// An update's change set. Each entity declares the fields an update may change once, as one list in the
// order a change with none of them is told about (`DEAL_CHANGE_FIELDS`…). Its change type (`ChangeOf`),
// the check that a change carries one of them (`carriesAny`) and the names a request gives them
// (`requestName`) follow from that list.

/**
 * A change to the record `D`: any of its fields `F`, each present only when it is written. `Loose` widens
 * the fields the entity checks itself, which callers may send as any text (`{ priority?: string }`).
 */
export type ChangeOf<D, F extends keyof D, Loose = unknown> = Omit<Partial<Pick<D, F>>, keyof Loose> & Loose;

/** Whether a change carries at least one of `fields` (null counts: it clears the field). */
export const carriesAny = <C extends object>(changes: C, fields: readonly (keyof C)[]): boolean =>
  fields.some((f) => changes[f] !== undefined);

/** `expectedCloseDate` → `expected_close_date`: a field as requests, answers and messages name it. */
export const requestName = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
