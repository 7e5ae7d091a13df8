import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { openApiText } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';

export const API_DOCS_PATH = '/api/docs';
const ASSETS_PREFIX = `${API_DOCS_PATH}/assets/`;

/** Swagger UI as its npm package ships it, served from node_modules: the docs work without the internet. */
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The package's files the page uses; nothing else of the package (source maps, the petstore initializer) is served. */
const ASSETS = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png', '/favicon-16x16.png']);

/**
 * The page has no inline script (the console's Content-Security-Policy has no 'unsafe-inline' for
 * scripts): the UI is started by the file below. Swagger UI's inline styles are covered by the
 * policy's `style-src 'unsafe-inline'`, which the console already needs for antd, so the docs need no
 * policy of their own. No validator badge (it would load an image from swagger.io), no URL bar.
 */
const PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <title>车联网风控平台 API</title>
    <link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${API_DOCS_PATH}/openapi.json`)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * GET /api/docs: the API document (docs/openapi.json, built from the declarations in
 * packages/contracts) in Swagger UI, and GET /api/docs/openapi.json: the document itself. Public:
 * they describe the calls, not data, and every call still checks its session. API_DOCS=off leaves
 * them out (404).
 */
export async function apiDocsRoutes(app: FastifyInstance, enabled: boolean): Promise<void> {
  if (!enabled) return;
  // Built on first request, not with every app (the tests build many).
  let document: string | undefined;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    scope.get(API_DOCS_PATH, (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
    scope.get(`${API_DOCS_PATH}/init.js`, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(INIT));
    scope.get(`${API_DOCS_PATH}/openapi.json`, (_request, reply) => reply.type('application/json; charset=utf-8').send((document ??= openApiText())));
    await scope.register(fastifyStatic, {
      root: swaggerUiDir,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => ASSETS.has(pathName),
    });
  });
}
