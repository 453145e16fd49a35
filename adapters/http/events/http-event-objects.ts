import { EventObjects } from '../../../application/events/event-objects';
import { DealView } from '../../../domain/deals/deal-repository';
import { presentDeal } from '../deals/present-deal';

/** An event's record in the shape its GET answers: the same presenters the routes use. */
export class HttpEventObjects implements EventObjects {
  deal(view: DealView) {
    return presentDeal(view);
  }
}
