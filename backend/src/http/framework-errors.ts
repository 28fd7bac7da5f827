import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { securityHeaders } from './http-security';
import { ERRORS, ErrorCode } from '../errors/error-catalogue';

const body = (code: ErrorCode) => JSON.stringify({ errors: [ERRORS[code].message] });

/**
 * Answers that Fastify gives before any route or Nest filter is reached — a URL that cannot be
 * decoded, a path parameter over the limit, headers that cannot be parsed or are too large —
 * in the API's own shape (`{ "errors": [...] }`), with the security headers, and without
 * echoing the request (Fastify's defaults repeat the URL and name internal error codes).
 */
export function frameworkErrorOptions(production: boolean): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const code: ErrorCode =
        error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : 'BAD_REQUEST';
      void reply
        .headers(securityHeaders(request.url, production))
        .status(ERRORS[code].status)
        .type('application/json; charset=utf-8')
        .send(body(code));
    },
    // Node's HTTP parser failed: there is no request object, only the socket.
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const code: ErrorCode =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? 'HEADERS_TOO_LARGE'
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 'REQUEST_TIMEOUT'
            : 'BAD_REQUEST';
      const { status } = ERRORS[code];
      const text = body(code);
      const headers = {
        ...securityHeaders(undefined, production),
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(text)),
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      if (!socket.writable) return void socket.destroy();
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${text}`, () => socket.destroy());
    },
  };
}
