import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { Clock } from '../shared/clock';

const BATCH = 1000;
const DAY_MS = 86_400_000;

/** How many days each raw payload is kept (`INBOUND_RAW_RETENTION_DAYS`, `WHATSAPP_RAW_RETENTION_DAYS`). */
export interface RawPayloadRetention {
  inboundRawRetentionDays: number;
  whatsappRawRetentionDays: number;
}

/** How many records had their raw payload dropped, of each kind. */
export interface MinimisedRawPayloads {
  inboundDeliveries: number;
  whatsappMessages: number;
}

/**
 * Drops the raw payloads past their retention, of every team: the body of each inbound delivery as it was
 * posted, with its reading, and the provider's raw object of each WhatsApp message. What the records say
 * otherwise stays (a delivery's outcome, a message's text and status). In batches, each written on its own,
 * so that a long backlog never holds the database in one transaction.
 */
export class MinimiseRawPayloads {
  constructor(
    private readonly deliveries: InboundDeliveryRepository,
    private readonly messages: MessageRepository,
    private readonly clock: Clock,
    private readonly retention: RawPayloadRetention,
  ) {}

  async execute(): Promise<MinimisedRawPayloads> {
    const now = this.clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY_MS);
    const deliveriesCutoff = before(this.retention.inboundRawRetentionDays);
    const messagesCutoff = before(this.retention.whatsappRawRetentionDays);
    return {
      inboundDeliveries: await inBatches((limit) => this.deliveries.dropRawBodiesBefore(deliveriesCutoff, limit)),
      whatsappMessages: await inBatches((limit) => this.messages.dropRawBefore(messagesCutoff, limit)),
    };
  }
}

/** Runs `drop` a batch at a time until a batch is short; answers how many it dropped in all. */
async function inBatches(drop: (limit: number) => Promise<number>): Promise<number> {
  let dropped = 0;
  for (;;) {
    const n = await drop(BATCH);
    dropped += n;
    if (n < BATCH) return dropped;
  }
}
