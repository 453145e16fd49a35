/** Work a server process runs in the background while it serves (the outbox dispatcher); bootstrap starts it. */
export interface BackgroundWork {
  /** Starts the work; the function returned stops it and resolves once what is under way has finished. */
  start(): () => Promise<void>;
}
