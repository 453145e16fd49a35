import { BackgroundWork } from './background-work';

/** A periodic chore of a background loop: run after a drain, at most once per `intervalMs`. */
export interface Chore {
  intervalMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs `pass` in the background of a server process: on an interval, and soon after a `kick`. A pass says
 * whether another should follow at once (it found a full batch, or anything); a kick during a run asks for
 * another pass after it. One run at a time per process, inert until started (the CLI and tests run nothing
 * behind their back), and stopped by the function `start` returns once what is under way has finished.
 */
export class BackgroundLoop implements BackgroundWork {
  private active = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly lastChore = new Map<Chore, number>();

  constructor(
    private readonly pass: (isActive: () => boolean) => Promise<boolean>,
    private readonly failed: (err: unknown) => void,
    private readonly intervalMs: number,
    private readonly chores: readonly Chore[] = [],
  ) {}

  kick(): void {
    if (!this.active) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => {
        this.running = null;
      });
  }

  start(): () => Promise<void> {
    this.active = true;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
    return async () => {
      this.active = false;
      clearInterval(this.timer);
      await this.running;
    };
  }

  private async drain(): Promise<void> {
    try {
      for (let first = true; first || (this.again && this.active); first = false) {
        // Between passes the requests that arrived meanwhile are served: on SQLite a pass never waits for
        // I/O, and passes back to back (a backlog of 50 000 events) would hold them for seconds.
        if (!first) await new Promise<void>((resolve) => setImmediate(resolve));
        this.again = false;
        if (await this.pass(() => this.active)) this.again = true;
      }
      for (const chore of this.chores) {
        if (Date.now() - (this.lastChore.get(chore) ?? 0) < chore.intervalMs) continue;
        this.lastChore.set(chore, Date.now());
        await chore.run();
      }
    } catch (err) {
      this.failed(err);
    }
  }
}
