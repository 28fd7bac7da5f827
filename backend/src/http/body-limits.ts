import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_BODY_BYTES } from '../api/dto/admin-catalogue.dto';
import type { ErrorCode } from '../errors/error-catalogue';

/** Bodies over 100 kB are refused with 413 before they are parsed (docs/api.md, BODY_TOO_LARGE). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Routes that take more, each with its limit and the message of its own 413 (docs/api.md lists it on the
 * route): a catalogue import carries up to IMPORT_MAX_VIDEOS videos, so its route alone takes up to 8 MB
 * and says so past it, rather than naming the 100 kB every other route has.
 */
const LARGER_BODIES: Readonly<Record<string, { readonly bytes: number; readonly tooLarge: ErrorCode }>> = {
  '/api/admin/videos/import': { bytes: IMPORT_BODY_BYTES, tooLarge: 'CATALOGUE_IMPORT_TOO_LARGE' },
};

/** Gives the routes of LARGER_BODIES their limit as they are added: call before any route exists. */
export function applyLargerBodyLimits(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    const larger = LARGER_BODIES[route.url];
    if (larger) route.bodyLimit = larger.bytes;
  });
}

/** The message of a 413 for a body over its route's limit: the route's own, or BODY_TOO_LARGE. */
export function bodyTooLargeCode(request: FastifyRequest): ErrorCode {
  return LARGER_BODIES[request.routeOptions?.url ?? '']?.tooLarge ?? 'BODY_TOO_LARGE';
}
