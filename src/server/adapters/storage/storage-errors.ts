import { AppError } from '../../errors';

/**
 * The store failed (credentials, permissions, network, a missing bucket), as opposed to "no such object": the API
 * answers 503 and the error handler logs the cause. Never reported as absent, which would show people a misleading
 * "file not found" or "upload it again" and hide the outage from the operator.
 */
export class StorageUnavailableError extends AppError {
  constructor(
    readonly operation: string,
    readonly objectKey: string,
    cause: unknown,
  ) {
    super(503, 'File storage is unavailable. Please try again in a moment.');
    this.cause = cause;
  }
}
