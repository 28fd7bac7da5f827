import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Observable, catchError, throwError } from 'rxjs';
import { SavedStillUpdating } from '../errors/saved-still-updating';

interface WriteContext {
  /** Position of the event this request's command committed (or found already there). */
  committed?: bigint;
}

const writes = new AsyncLocalStorage<WriteContext>();

/** Called by ReadYourWrites once a command's events are in the store. */
export function recordCommittedWrite(position: bigint | undefined): void {
  const context = writes.getStore();
  if (context && position !== undefined) context.committed = position;
}

/**
 * Once a request's command is committed, the request cannot fail any more: whatever goes wrong
 * afterwards (the projection lagging past READ_YOUR_WRITES_TIMEOUT_MS, Redis gone while the answer
 * is read) becomes a 202 "saved, still updating" instead of a 503 that a client would retry, writing
 * the same thing twice.
 */
@Injectable()
export class CommittedWriteInterceptor implements NestInterceptor {
  private readonly logger = new Logger('CommittedWrite');

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const context: WriteContext = {};
    return new Observable((subscriber) =>
      writes.run(context, () =>
        next
          .handle()
          .pipe(
            catchError((error: unknown) => {
              if (context.committed === undefined || error instanceof SavedStillUpdating) return throwError(() => error);
              this.logger.warn(`Write saved at position ${context.committed}, answered 202: ${(error as Error)?.message}`);
              return throwError(() => new SavedStillUpdating(context.committed!, { cause: error }));
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
