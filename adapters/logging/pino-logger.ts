import pino from 'pino';
import { Logger } from '../../application/shared/logger';
import { LogOutput, stdoutLog } from './log-output';

export class PinoLogger implements Logger {
  private readonly log: pino.Logger;

  constructor(level = 'info', output: LogOutput = stdoutLog()) {
    this.log = pino({ level, base: undefined }, output);
  }

  debug(fields: Record<string, unknown>, message: string): void {
    this.log.debug(fields, message);
  }
  info(fields: Record<string, unknown>, message: string): void {
    this.log.info(fields, message);
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.log.warn(fields, message);
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.log.error(fields, message);
  }
}
