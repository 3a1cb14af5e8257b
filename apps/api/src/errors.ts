/** A failure the user can act on: a stable code, an HTTP status and a message safe to show. */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export const badRequest = (code: string, message: string) => new DomainError(code, 400, message);
export const unauthorized = (message = 'Please log in to continue') => new DomainError('auth.unauthorized', 401, message);
export const forbidden = (message = 'You do not have permission to do that') => new DomainError('auth.forbidden', 403, message);
export const notFound = (code: string, message: string) => new DomainError(code, 404, message);
export const conflict = (code: string, message: string) => new DomainError(code, 409, message);

/** A request that passed its schema but one field is still refused (400 `validation`, with the field). */
export class FieldError extends DomainError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('validation', 400, message);
    this.field = field;
  }
}
