/**
 * One transaction per use case. Repositories resolved from the container join the transaction
 * that is open around them, so a use case only wraps its writes:
 *   await this.uow.run(async () => { await this.deals.update(deal.snapshot()); await this.events.append(team, deal.pullEvents(), now); });
 * Everything inside commits together or not at all. A run inside another (a use case calling another)
 * is part of the outer transaction; when it fails, only its own writes are undone, so the outer work may
 * catch the failure and go on.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
