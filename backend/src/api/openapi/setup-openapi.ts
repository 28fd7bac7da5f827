import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { dirname } from 'node:path';
import { ERRORS } from '../../errors/error-catalogue';
import { TOKEN_SCHEME } from './api-docs.decorators';

const DOCS_PATH = 'api/docs';

// Served as files, never inline: the page's content-security policy allows scripts from 'self' only.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TechTube API</title>
<link rel="stylesheet" href="/${DOCS_PATH}/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="/${DOCS_PATH}/init.js"></script></body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/${DOCS_PATH}/json', dom_id: '#swagger-ui', deepLinking: true });`;

/**
 * Builds the OpenAPI document from the controllers' decorators, serves it as JSON at
 * /api/docs/json and Swagger UI at /api/docs. The UI's files come from swagger-ui-dist through
 * our own @fastify/static, so Nest's static loader (which wants another major) is not involved.
 */
export async function setupOpenApi(app: NestFastifyApplication): Promise<OpenAPIObject> {
  const config = new DocumentBuilder()
    .setTitle('TechTube API')
    .setDescription(
      'Browse technology videos; signed-in users keep liked videos, watch later, history and playlists. ' +
        'Every error answers `{ "errors": ["<message>"] }`. Writes answer once the change is visible to reads.',
    )
    .setVersion('1.0')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'authorization',
        description: 'The encodedToken, raw, as "Bearer <token>", or raw in one pair of double quotes',
      },
      TOKEN_SCHEME,
    )
    // Every message a client can be shown, by code: routes name theirs, and the rest (an unknown route, a URL or
    // headers the server cannot read) are answered before any route runs. docs/api.md lists them all.
    .addExtension('x-error-catalogue', ERRORS)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}/json`, ui: false, raw: ['json'] });
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyStatic, {
    root: dirname(require.resolve('swagger-ui-dist/package.json')),
    prefix: `/${DOCS_PATH}/assets/`,
    decorateReply: false,
    wildcard: false,
    allowedPath: (path) => ['/swagger-ui.css', '/swagger-ui-bundle.js'].includes(path),
  });
  fastify.get(`/${DOCS_PATH}`, (_request, reply) => void reply.type('text/html; charset=utf-8').send(PAGE));
  fastify.get(`/${DOCS_PATH}/init.js`, (_request, reply) => void reply.type('text/javascript; charset=utf-8').send(INIT));
  return document;
}
