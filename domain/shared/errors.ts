// The error categories of the contract. Each carries the spec's stable code; the HTTP adapter maps
// the category to a status once, so use cases and entities only ever throw.

export type ErrorKind =
  | 'validation' // 400
  | 'unauthorized' // 401
  | 'plan_limit' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'unprocessable' // 422
  | 'internal' // 500, only where the spec names it
  | 'bad_gateway'; // 502

export type ErrorDetails = Record<string, unknown>;

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  constructor(
    message: string,
    readonly code: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

const withField = (field: string | undefined, details?: ErrorDetails): ErrorDetails | undefined =>
  field === undefined ? details : { ...details, field };

/** 400 VALIDATION_ERROR (or another 400 code such as `invalid_idempotency_key`). */
export class ValidationFailed extends DomainError {
  readonly kind = 'validation' as const;
  constructor(message: string, field?: string, code = 'VALIDATION_ERROR', details?: ErrorDetails) {
    super(message, code, withField(field, details));
  }
}

/** 422 VALIDATION_ERROR: well-formed input that the resource refuses (lead queries, lead company). */
export class Unprocessable extends DomainError {
  readonly kind = 'unprocessable' as const;
  constructor(message: string, field?: string, details?: ErrorDetails) {
    super(message, 'VALIDATION_ERROR', withField(field, details));
  }
}

/** 422 DUPLICATE_ENTRY. */
export class Duplicate extends DomainError {
  readonly kind = 'unprocessable' as const;
  constructor(message: string, details?: ErrorDetails) {
    super(message, 'DUPLICATE_ENTRY', details);
  }
}

export class Unauthorized extends DomainError {
  readonly kind = 'unauthorized' as const;
  constructor(message = 'Missing, invalid or inactive API key') {
    super(message, 'UNAUTHORIZED');
  }
}

export class PlanLimitReached extends DomainError {
  readonly kind = 'plan_limit' as const;
  constructor(message: string) {
    super(message, 'PLAN_LIMIT_REACHED');
  }
}

/** 404 NOT_FOUND: unknown, or another team's. `field` names the body or query field that referenced it. */
export class NotFound extends DomainError {
  readonly kind = 'not_found' as const;
  constructor(message: string, field?: string, details?: ErrorDetails) {
    super(message, 'NOT_FOUND', withField(field, details));
  }
}

/** 409; `CONFLICT` unless the spec names another code (`PROJECT_ARCHIVED`, `customer_service_window_closed`). */
export class Conflict extends DomainError {
  readonly kind = 'conflict' as const;
  constructor(message: string, code = 'CONFLICT', details?: ErrorDetails) {
    super(message, code, details);
  }
}

export class ProjectArchived extends Conflict {
  constructor(message = 'The project is archived') {
    super(message, 'PROJECT_ARCHIVED');
  }
}

/** 500 INTERNAL_ERROR that the spec itself names (campaign quirks, a message sent but not saved). */
export class InternalFailure extends DomainError {
  readonly kind = 'internal' as const;
  constructor(message: string) {
    super(message, 'INTERNAL_ERROR');
  }
}

/** 502 BAD_GATEWAY: an upstream provider failed; the outcome is uncertain. */
export class BadGateway extends DomainError {
  readonly kind = 'bad_gateway' as const;
  constructor(message: string) {
    super(message, 'BAD_GATEWAY');
  }
}
