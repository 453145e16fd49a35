/** How busy this process has been lately: background work that can wait gives way to requests. */
export interface LoadGauge {
  /** The share of the recent past (0 to 1) the process spent working rather than waiting. */
  utilization(): number;
}

/** Never busy: background work runs flat out (tests, and the CLI's own wiring). */
export const idleGauge: LoadGauge = { utilization: () => 0 };
