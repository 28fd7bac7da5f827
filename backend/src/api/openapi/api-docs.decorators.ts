import { applyDecorators, Type } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ERRORS, ErrorCode } from '../../errors/error-catalogue';
import { ErrorsSchema, SavedStillUpdatingSchema } from './api-schemas';

/** The name of the `authorization` header scheme in the document (raw token, "Bearer <token>" or the raw token quoted). */
export const TOKEN_SCHEME = 'token';

/**
 * Documents one route: its success answer and every error it can give, each error with the
 * exact message of the error catalogue (docs/api.md is made from it), so the document cannot drift from the code.
 */
export function ApiRoute(summary: string, status: 200 | 201, type: Type<unknown>, errors: readonly ErrorCode[]) {
  const write = errors.includes('STORE_UNAVAILABLE');
  // Writes of /api/user/* honour an Idempotency-Key (api/idempotency-keys.ts), with its own answers,
  // and are held to the per-user write rate (api/user-write-rate.ts); the operators' /api/admin/* are not.
  const keyed = write && errors.includes('INVALID_TOKEN') && !errors.includes('NOT_AN_OPERATOR');
  const all = keyed ? [...errors, ...IDEMPOTENCY_ERRORS, 'TOO_MANY_WRITES' as const] : errors;
  return applyDecorators(
    ApiOperation({ summary }),
    ApiResponse({ status, type }),
    ...(write
      ? [
          ApiResponse({
            status: 202,
            type: SavedStillUpdatingSchema,
            description: 'The change is saved, but the read model does not show it yet: read again in a moment (never retry it)',
          }),
        ]
      : []),
    ...(keyed
      ? [
          ApiHeader({
            name: 'Idempotency-Key',
            required: false,
            description:
              'One per user action, reused for its retries (IETF httpapi draft): for 24 h the same key and request answer the first answer again and write nothing',
          }),
        ]
      : []),
    ...errorResponses(all),
  );
}

/**
 * Documents a changes stream (docs/design/live-updates.md): a `text/event-stream` answer that stays open,
 * and its errors like any route's.
 */
export function ApiStreamRoute(summary: string, description: string, errors: readonly ErrorCode[]) {
  return applyDecorators(
    ApiOperation({ summary, description }),
    ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description:
        'The last `id` received: the stream first sends the changes since it, or `reset` when it is older than the server remembers',
    }),
    ApiResponse({
      status: 200,
      description:
        'Server-Sent Events, open until the server ends them: `event: change` (data: the change), `event: reset`, `id:` alone (where the stream is), `: heartbeat`',
      content: { 'text/event-stream': { schema: { type: 'string', example: STREAM_EXAMPLE } } },
    }),
    ...errorResponses(errors),
  );
}

const STREAM_EXAMPLE = 'id: 1234\nevent: change\ndata: {"what":"likes","position":"1234","type":"VideoLiked"}\n\n';

/** One documented answer per error status, each error with its exact message (docs/api.md is made from them). */
function errorResponses(errors: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errors) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  return [...byStatus].map(([errorStatus, codes]) =>
    ApiResponse({
      status: errorStatus,
      type: ErrorsSchema,
      description: [...codes.map((code) => `"${ERRORS[code].message}"`), ...(errorStatus === 400 ? [VALIDATION_EXAMPLE.summary] : [])].join(
        ' or ',
      ),
      // One example per error, named by its code: docs/api.md and clients read the exact messages here.
      examples: Object.fromEntries([
        ...codes.map((code) => [code, { summary: code, value: { errors: [ERRORS[code].message] } }]),
        ...(errorStatus === 400 ? [['validation', VALIDATION_EXAMPLE]] : []),
      ]),
    }),
  );
}

/** A 400 of a route with a body or query also lists what broke the DTO's validation (errors/validation.pipe.ts). */
const VALIDATION_EXAMPLE = {
  summary: 'the broken validation rules, one per entry',
  value: { errors: ['<field> must …', '<another field> must …'] },
};

/** Errors every authenticated route can answer, besides its own. */
const USER_ROUTE_ERRORS: readonly ErrorCode[] = ['INVALID_TOKEN', 'READ_MODEL_UNAVAILABLE'];
export const WRITE_ERRORS: readonly ErrorCode[] = ['STORE_UNAVAILABLE', 'BUSY', 'MALFORMED_JSON', 'BODY_TOO_LARGE'];

// The error sets routes share, named once. Order matters: the messages of one status are documented in it.
/** A user route whose unknown user is USER_NOT_FOUND: a read, then a write. */
export const USER_READ_ERRORS: readonly ErrorCode[] = ['USER_NOT_FOUND', ...USER_ROUTE_ERRORS];
export const USER_WRITE_ERRORS: readonly ErrorCode[] = [...USER_READ_ERRORS, ...WRITE_ERRORS];
/** Reading and adding to likes, watch later and history, whose unknown user is EMAIL_NOT_REGISTERED (docs/api.md). */
export const LIST_READ_ERRORS: readonly ErrorCode[] = ['EMAIL_NOT_REGISTERED', ...USER_ROUTE_ERRORS];
export const LIST_ADD_ERRORS: readonly ErrorCode[] = [...LIST_READ_ERRORS, ...WRITE_ERRORS];
/** A route of one of the user's playlists (`:playlistId`). */
export const PLAYLIST_READ_ERRORS: readonly ErrorCode[] = ['PLAYLIST_NOT_FOUND', ...USER_READ_ERRORS];
export const PLAYLIST_WRITE_ERRORS: readonly ErrorCode[] = ['PLAYLIST_NOT_FOUND', ...USER_WRITE_ERRORS];
/** A route of /api/admin/* (`@OperatorOnly()`): a read, then a write. */
export const OPERATOR_READ_ERRORS: readonly ErrorCode[] = ['NOT_AN_OPERATOR', ...USER_ROUTE_ERRORS];
export const OPERATOR_WRITE_ERRORS: readonly ErrorCode[] = [...OPERATOR_READ_ERRORS, ...WRITE_ERRORS];
const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['IDEMPOTENCY_KEY_MALFORMED', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED'];

export const ApiUserRoute = () => ApiSecurity(TOKEN_SCHEME);
