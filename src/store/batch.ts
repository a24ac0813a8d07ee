/**
 * Group commit for the PostgreSQL store: concurrent requests' statements of
 * one kind (authenticate a key, reserve credits, commit a charge) go to the
 * database together as one statement over arrays, so a burst of N calls costs
 * a few round trips and one WAL flush instead of N of each.
 *
 * Items queued in one turn of the event loop leave together (no timer, so a
 * lone request waits no longer than `setImmediate`); while `maxInFlight`
 * batches are running, new items wait and leave as one batch when a running
 * one finishes, so batches grow with the load. Every item of a failed batch
 * gets the batch's error.
 */
export interface BatcherOptions {
  /** Batches running at once (default 2). */
  maxInFlight?: number;
  /** Items per batch at most (default 1,000); a longer queue leaves as several batches. */
  maxBatch?: number;
}

interface Queued<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export class Batcher<I, O> {
  private queue: Queued<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  /** `run` answers a batch with one result per item, in the items' order. */
  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    opts: BatcherOptions = {},
  ) {
    this.maxInFlight = opts.maxInFlight ?? 2;
    this.maxBatch = opts.maxBatch ?? 1_000;
  }

  load(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      // Through a promise even if `run` throws at once: every item is settled and the slot given back.
      Promise.resolve()
        .then(() => this.run(batch.map((q) => q.item)))
        .then((results) => {
          if (results.length !== batch.length) throw new Error(`batch answered ${results.length} results for ${batch.length} items`);
          batch.forEach((q, i) => q.resolve(results[i]));
        })
        .catch((err: unknown) => batch.forEach((q) => q.reject(err)))
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }
}
