/**
 * Asks the dispatcher to run soon, after a deal write has committed. Fire-and-forget: it never
 * throws and never delays the request; the background interval catches anything it misses.
 */
export interface DealDispatchTrigger {
  kick(): void;
}
