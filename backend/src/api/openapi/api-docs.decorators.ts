import { applyDecorators, Type } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ERRORS, ErrorCode } from '../../errors/error-catalogue';
import { ErrorsSchema } from './api-schemas';

/** The name of the `authorization` header scheme in the document (raw token or "Bearer <token>"). */
export const TOKEN_SCHEME = 'token';

/**
 * Documents one route: its success answer and every error it can give, each error with the
 * exact message of the error catalogue (SPEC §8), so the document cannot drift from the code.
 */
export function ApiRoute(summary: string, status: 200 | 201, type: Type<unknown>, errors: readonly ErrorCode[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of errors) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), ERRORS[code].message]);
  return applyDecorators(
    ApiOperation({ summary }),
    ApiResponse({ status, type }),
    ...[...byStatus].map(([errorStatus, messages]) =>
      ApiResponse({
        status: errorStatus,
        type: ErrorsSchema,
        description: [
          ...messages.map((m) => `"${m}"`),
          ...(errorStatus === 400 ? ['the broken validation rules, one per entry'] : []),
        ].join(' or '),
      }),
    ),
  );
}

/** Errors every authenticated route can answer, besides its own. */
export const USER_ROUTE_ERRORS: readonly ErrorCode[] = ['INVALID_TOKEN', 'READ_MODEL_UNAVAILABLE'];
export const WRITE_ERRORS: readonly ErrorCode[] = ['STORE_UNAVAILABLE', 'READ_MODEL_LAGGING', 'BUSY', 'MALFORMED_JSON', 'BODY_TOO_LARGE'];

export const ApiUserRoute = () => ApiSecurity(TOKEN_SCHEME);
