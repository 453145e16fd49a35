// What a deal raises when it changes. The use case turns each into an event of the log (domain/events),
// with the deal as the API shows it.

export const DEAL_EVENT_TYPES = ['deal.created', 'deal.updated', 'deal.stage_changed', 'deal.won', 'deal.lost', 'deal.archived'] as const;
export type DealEventType = (typeof DEAL_EVENT_TYPES)[number];

/** An event a deal raised; the use case gives it the deal's API shape, an id and a time when it writes the log. */
export interface DealEventDraft {
  type: DealEventType;
  dealId: string;
}
