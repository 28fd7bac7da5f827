import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStoreUnavailableError } from '../event-store/event-store.port';
import { ReadModelUnavailableError } from '../read-model/read-model.port';
import { routedPath } from './http-security';
import { bodyTooLargeCode } from './body-limits';
import { DomainError } from '../errors/domain-error';
import { ERRORS, ErrorCode } from '../errors/error-catalogue';
import { SavedStillUpdating } from '../errors/saved-still-updating';
import { committedPosition } from '../errors/committed-writes';
import { TooManyAttempts } from '../errors/too-many-attempts';
import { CapReached } from '../errors/cap-reached';
import { ValidationFailed } from '../errors/validation-failed';
import { refusalLimit } from '../metrics/refusal-limits';

/** Messages of HttpExceptions raised by the framework itself, by status. */
const FRAMEWORK_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'ROUTE_NOT_FOUND',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Node's `aborted` error (ECONNRESET) from reading the body of a request whose client disconnected. */
function isClientAbort(exception: unknown, request: FastifyRequest): boolean {
  if (!(exception instanceof Error)) return false;
  const error = exception as Error & { code?: unknown };
  return error.code === 'ECONNRESET' && (error.message === 'aborted' || request.raw.destroyed || request.raw.socket?.destroyed === true);
}

/**
 * The one place where failures become HTTP answers: `{ errors: [message] }` with the status
 * of the error catalogue. Nothing internal (stack, SQL, class names) ever reaches a client;
 * a 500 also carries `error` (docs/api.md, "Errors outside the routes").
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /**
   * `spaFallback` answers GETs outside /api that matched no route (client-side routes). `refused` is told
   * the limit of each refusal by a rate limit or a cap (techtube_refusals_total): every one but the write
   * rate's (http/user-write-rate.ts) passes here.
   */
  constructor(
    private readonly spaFallback?: (reply: FastifyReply, request: FastifyRequest) => void,
    private readonly refused?: (limit: string) => void,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // Not a failure: the write is committed (committed-writes.ts), only its answer is late.
    if (exception instanceof SavedStillUpdating) return void reply.status(202).send(exception.body());
    const committed = committedPosition(request);
    if (committed !== undefined) {
      this.logger.warn(`Write saved at position ${committed}, answered 202: ${(exception as Error)?.message}`);
      return void reply.status(202).send(new SavedStillUpdating(committed, { cause: exception }).body());
    }
    if (isClientAbort(exception, request)) {
      // The client went away mid-request (an aborted upload): nobody reads the answer and nothing of ours
      // failed, so one info line without a stack, and a 4xx rather than a 500 in the request log.
      this.logger.log(`${request.method} ${request.url}: client aborted the request`);
      void reply.status(ERRORS.BAD_REQUEST.status).send({ errors: [ERRORS.BAD_REQUEST.message] });
      return;
    }
    const { status, messages } = this.describe(exception, request);
    const limit = this.refused && refusalLimit(exception);
    if (limit) this.refused!(limit);
    if (status === 404 && this.spaFallback && this.isPageRequest(request, exception)) return this.spaFallback(reply, request);
    const body: Record<string, unknown> = { ...(exception instanceof DomainError && exception.details), errors: messages };
    if (status >= 500) {
      body.error = messages[0];
      if (status === 500) this.logger.error(`${request.method} ${request.url} failed`, (exception as Error)?.stack);
    }
    if (status === 503) void reply.header('retry-after', '1');
    if (exception instanceof TooManyAttempts) void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).send(body);
  }

  private describe(exception: unknown, request: FastifyRequest): { status: number; messages: string[] } {
    // The message names the cap's value.
    if (exception instanceof CapReached) return { status: ERRORS[exception.code].status, messages: [exception.message] };
    if (exception instanceof DomainError) return this.of(exception.code);
    if (exception instanceof ValidationFailed) return { status: 400, messages: exception.messages };
    if (exception instanceof TooManyAttempts) return { status: exception.status, messages: [exception.message] };
    if (exception instanceof EventStoreUnavailableError) return this.of('STORE_UNAVAILABLE');
    if (exception instanceof ReadModelUnavailableError) return this.of('READ_MODEL_UNAVAILABLE');
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // A body over its route's limit: the route's own message (an import's names its 8 MB).
      if (status === 413) return this.of(bodyTooLargeCode(request));
      const code = FRAMEWORK_CODES[status];
      if (code) return this.of(code);
      // Fastify's JSON parser errors arrive as 400s; say what is wrong without echoing internals.
      if (status === 400) return this.of('MALFORMED_JSON');
      if (status < 500) return { status, messages: [exception.message] };
    }
    return this.of('INTERNAL');
  }

  private of(code: ErrorCode) {
    return { status: ERRORS[code].status, messages: [ERRORS[code].message] };
  }

  private isPageRequest(request: FastifyRequest, exception: unknown): boolean {
    return (
      !(exception instanceof DomainError) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|$)/.test(routedPath(request.url))
    );
  }
}
