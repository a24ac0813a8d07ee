/**
 * Flow control of a stream that a worker job produces (./tool-jobs.ts, `streamToolInWorker`): the worker sends its
 * text in batches, each as a request to the main thread (the pool's request/answer channel), and the main thread
 * answers a batch only once its consumer has taken it. The worker keeps at most `window.batches` batches and
 * `window.chars` characters unanswered and waits for an answer before it produces more, so a slow reader holds
 * the producer instead of letting chunks pile up in memory on either side.
 *
 * Batches are numbered from 1 in the order sent. Before the producer waits for an answer it says which batch it
 * waits for (`waiting`), so the main thread can pause the job's clock until the consumer takes that batch: time
 * spent waiting for a slow reader is not the job's own time (./job-clock.ts, ./tool-jobs.ts).
 */

export interface FlowWindow {
  /** Batches sent and not yet taken by the consumer, at most. */
  batches: number;
  /** Characters sent and not yet taken, at most (a single batch may exceed it when nothing else is in flight). */
  chars: number;
  /** Chunks are joined into batches of about this many characters (fewer messages for many small chunks). */
  batchChars: number;
}

/** The window of REST streams: at most 8 batches and 2 million characters in flight, batches of 64 K characters or more. */
export const STREAM_WINDOW: FlowWindow = { batches: 8, chars: 2 * 1024 * 1024, batchChars: 64 * 1024 };

/** The producing side (in the worker): `send` returns once there is credit to produce more. */
export class ChunkSender {
  private batch = '';
  /** Batches sent and not yet settled here, oldest first (answers come in order: the consumer takes them in order). */
  private readonly unanswered: { seq: number; chars: number; taken: Promise<unknown>; answered: boolean }[] = [];
  private charsInFlight = 0;
  private sent = 0;

  constructor(
    private readonly window: FlowWindow,
    /** Sends one batch; resolves once the consumer has taken it. */
    private readonly post: (text: string) => Promise<unknown>,
    /** Called when the producer is about to wait for the answer to batch `seq` (not called if it has come). */
    private readonly waiting: (seq: number) => void = () => undefined,
  ) {}

  async send(text: string): Promise<void> {
    this.batch += text;
    if (this.batch.length >= this.window.batchChars) await this.flush();
  }

  /** Sends what is left and waits until the consumer has taken everything. */
  async end(): Promise<void> {
    await this.flush();
    while (this.unanswered.length) await this.settleOldest();
  }

  private async flush(): Promise<void> {
    const text = this.batch;
    if (!text) return;
    this.batch = '';
    const { batches, chars } = this.window;
    while (this.unanswered.length >= batches || (this.unanswered.length && this.charsInFlight + text.length > chars))
      await this.settleOldest();
    const batch = { seq: ++this.sent, chars: text.length, taken: this.post(text), answered: false };
    // Awaited in order below (a failure ends the job there); until then, note when the answer is in.
    batch.taken.then(
      () => (batch.answered = true),
      () => undefined,
    );
    this.unanswered.push(batch);
    this.charsInFlight += text.length;
  }

  private async settleOldest(): Promise<void> {
    const oldest = this.unanswered.shift()!;
    if (!oldest.answered) this.waiting(oldest.seq);
    await oldest.taken;
    this.charsInFlight -= oldest.chars;
  }
}

/**
 * The consuming side (on the main thread): batches in arrival order. `push` resolves when the consumer has taken
 * the batch (that answer is the producer's credit); `take` resolves with the next batch, `undefined` once the
 * producer has ended, or rejects with its failure.
 */
export class ChunkQueue {
  private readonly items: { text: string; taken(): void }[] = [];
  private waiter: { resolve(text: string | undefined): void; reject(err: unknown): void } | undefined;
  private outcome: { ended: true } | { error: unknown } | undefined;
  /** Batches taken so far (they are numbered from 1 in the order pushed). */
  private taken = 0;
  private takenWaiters: { seq: number; resolve(): void }[] = [];

  /** Batches received and not yet taken. */
  get size(): number {
    return this.items.length;
  }

  /** Resolves once the consumer has taken batch `seq` (1 = the first pushed); undefined if it already has. */
  whenTaken(seq: number): Promise<void> | undefined {
    if (this.taken >= seq) return undefined;
    return new Promise((resolve) => this.takenWaiters.push({ seq, resolve }));
  }

  push(text: string): Promise<void> {
    return new Promise((taken) => {
      this.items.push({ text, taken });
      this.settle();
    });
  }

  end(): void {
    this.outcome ??= { ended: true };
    this.settle();
  }

  fail(error: unknown): void {
    this.outcome ??= { error };
    this.settle();
  }

  take(): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.settle();
    });
  }

  /** Hands the waiting consumer the next batch, or the end or failure once every batch before it is taken. */
  private settle(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    const item = this.items.shift();
    if (item) {
      this.waiter = undefined;
      const seq = ++this.taken;
      item.taken();
      const due = this.takenWaiters.filter((w) => w.seq <= seq);
      this.takenWaiters = this.takenWaiters.filter((w) => w.seq > seq);
      for (const w of due) w.resolve();
      waiter.resolve(item.text);
    } else if (this.outcome) {
      this.waiter = undefined;
      if ('error' in this.outcome) waiter.reject(this.outcome.error);
      else waiter.resolve(undefined);
    }
  }
}
