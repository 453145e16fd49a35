/** Time-ordered UUIDs (v7) for every new record. */
export interface IdGenerator {
  next(): string;
}
