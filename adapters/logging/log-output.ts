/**
 * Where log lines go: stdout, through Node's own stream. Its writes never block the process: when nothing
 * reads the pipe any more (a log shipper that died or stalled), lines wait in memory, and an exit leaves
 * them behind rather than waiting for a reader. pino's own destination writes what is left synchronously
 * on exit, and on a pipe nobody reads that never returns: the process could not exit, not even on a
 * second signal.
 */
export class LogOutput {
  private broken = false;

  constructor(private readonly out: NodeJS.WritableStream & { readonly writableLength: number }) {
    // The reader is gone (EPIPE): the lines from now on have nowhere to go.
    out.on('error', () => {
      this.broken = true;
    });
  }

  write(line: string): void {
    if (!this.broken) this.out.write(line);
  }

  /**
   * Resolves once every line written so far has been handed to the system (true), or at `deadlineMs`
   * (false): what is still waiting then is dropped when the process exits.
   */
  flushed(deadlineMs: number): Promise<boolean> {
    if (this.broken || this.out.writableLength === 0) return Promise.resolve(!this.broken);
    return new Promise((resolve) => {
      const deadline = setTimeout(() => resolve(false), deadlineMs);
      // Written after every line before it: its callback says they are all out.
      this.out.write('', (err) => {
        clearTimeout(deadline);
        resolve(!err);
      });
    });
  }
}

let stdout: LogOutput | undefined;

/** The process's one output to stdout, shared by every logger of the process. */
export const stdoutLog = (): LogOutput => (stdout ??= new LogOutput(process.stdout));
