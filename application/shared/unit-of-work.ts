/**
 * One transaction per use case. Repositories resolved from the container join the transaction
 * that is open around them, so a use case only wraps its writes:
 *   await this.uow.run(async () => { await this.deals.insert(d); await this.outbox.add(e); });
 * Everything inside commits together or not at all.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
