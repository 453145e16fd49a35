// Refusals that exist only because the request came over HTTP: a method, a body size, a request rate.
// The core never throws them; the error middleware answers them in the same envelope as domain errors.

export abstract class HttpError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 405 METHOD_NOT_ALLOWED; the app adds `Allow`. */
export class MethodNotAllowed extends HttpError {
  readonly status = 405;
  constructor(message = 'Method not allowed on this resource') {
    super(message, 'METHOD_NOT_ALLOWED');
  }
}

/** 413 PAYLOAD_TOO_LARGE. */
export class PayloadTooLarge extends HttpError {
  readonly status = 413;
  constructor(message = 'Request body larger than allowed') {
    super(message, 'PAYLOAD_TOO_LARGE');
  }
}

/** 429 RATE_LIMITED, with `Retry-After`. */
export class RateLimited extends HttpError {
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded', 'RATE_LIMITED');
  }
}

/** 400 VALIDATION_ERROR: a body that could not be read as sent (a gzip body that is not gzip). */
export class UnreadableBody extends HttpError {
  readonly status = 400;
  constructor(message: string) {
    super(message, 'VALIDATION_ERROR');
  }
}

/** 415 UNSUPPORTED_MEDIA_TYPE: a content type or encoding the route does not read. */
export class UnsupportedMediaType extends HttpError {
  readonly status = 415;
  constructor(message: string) {
    super(message, 'UNSUPPORTED_MEDIA_TYPE');
  }
}
