import { EventLoopUtilization, performance } from 'node:perf_hooks';
import { LoadGauge } from '../../application/shared/load-gauge';

/**
 * Node's event loop utilization over a short sliding window: the share of the time since the window began
 * that the loop spent running code rather than waiting for I/O. A window starts again once it is
 * `windowMs` old, so the figure follows the load of the last moments.
 */
export class EventLoopGauge implements LoadGauge {
  private start: EventLoopUtilization = performance.eventLoopUtilization();
  private startedAt = performance.now();
  private last = 0;

  constructor(private readonly windowMs = 250) {}

  utilization(): number {
    const now = performance.now();
    const since = performance.eventLoopUtilization(this.start);
    if (now - this.startedAt >= this.windowMs) {
      this.last = since.utilization;
      this.start = performance.eventLoopUtilization();
      this.startedAt = now;
      return this.last;
    }
    // A window just begun says little on its own: the last full one's figure, unless this one is busier.
    return Math.max(this.last, now - this.startedAt >= this.windowMs / 5 ? since.utilization : 0);
  }
}
