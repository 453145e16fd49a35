import { Config } from './config';

/** Where this API listens, so that no URL the server calls (a provider, an event subscription) can point back at it. */
export const selfOrigins = (config: Config): string[] => [
  `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
];
