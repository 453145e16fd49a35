import { ContainerModule } from 'inversify';

export const IMPORT_TOKENS = {
  ImportRepository: Symbol.for('ImportRepository'),
} as const;

/** File imports: received over HTTP (or the CLI), staged, and run in the background through the batch writes. */
export const importsContext = new ContainerModule(() => undefined);
