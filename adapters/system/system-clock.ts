import { Clock } from '../../application/shared/clock';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
