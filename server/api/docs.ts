import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Services } from '../context.ts';
import { escapeHtml } from '../http/escape-html.ts';

type Operation = { summary?: string; description?: string; tags?: string[] };
type Doc = { paths?: Record<string, Record<string, Operation>> };

/**
 * /api/openapi.json is generated from the same zod schemas the handlers validate with.
 * /api/docs is a plain server-rendered index of it: no CDN scripts, works on any phone.
 */
export function docsRoutes(api: OpenAPIHono<any>, services: Pick<Services, 'config'>): void {
  const documentConfig = {
    openapi: '3.1.0',
    info: { title: 'Soko API', version: '1.0.0', description: 'Classified ads for Kenya. Errors are JSON {"message": "..."}.' },
    servers: [{ url: `${services.config.appUrl}/api` }],
  };
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  api.doc31('/openapi.json', documentConfig);
  api.get('/docs', (c) => {
    const doc = api.getOpenAPI31Document(documentConfig) as Doc;
    const rows = Object.entries(doc.paths ?? {})
      .flatMap(([p, ops]) =>
        Object.entries(ops).map(
          ([method, op]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>/api${escapeHtml(p)}</code></td><td>${escapeHtml(op.summary ?? '')}</td></tr>`,
        ),
      )
      .join('');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Soko API</title>` +
        `<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;width:100%}td{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top}code{font-size:.9em;overflow-wrap:anywhere}@media(max-width:40rem){td{display:inline;border:0;padding:0 .5rem 0 0}td:last-child{display:block;padding:0 0 .6rem;margin-bottom:.6rem;border-bottom:1px solid #ddd}}</style></head>` +
        `<body><h1>Soko API</h1><p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/auth/login</code>.</p>` +
        `<table><tbody>${rows}</tbody></table></body></html>`,
    );
  });
}
