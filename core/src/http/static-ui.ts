/**
 * Serves the built Svelte UI (ui/dist) at `/`, with an index.html fallback for client-side
 * routes. Never serves anything outside the dist folder.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Next, ParameterizedContext as Context } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spindle</title></head>
<body><h1>Spindle is running</h1><p>The web UI has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it when missing).</p>
<p>The API is at <a href="/api/health">/api/health</a>.</p></body></html>`;

async function fileAt(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export function staticUi(distDir: string) {
  const root = normalize(distDir + sep);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api') ||
      ctx.path === '/ws' ||
      ctx.path.startsWith('/debug')
    ) {
      return next();
    }
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    let file = normalize(join(root, relative));
    if (!file.startsWith(root)) return next();
    if (!(await fileAt(file))) {
      if (extname(relative) !== '') return next(); // a missing asset is a 404, not the app shell
      file = join(root, 'index.html');
      if (!(await fileAt(file))) {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = NOT_BUILT;
        return;
      }
    }
    ctx.type = TYPES[extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.body = createReadStream(file);
  };
}
