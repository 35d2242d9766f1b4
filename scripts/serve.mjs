#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
// Serves the built page (dist/) on http://127.0.0.1:PORT/ with Node's http module only.
//
//   node scripts/serve.mjs [--dir DIR] [--port N] [--base /SUB/PATH/]
//
// PORT comes from --port, else the PORT environment variable, else 8080; when that port
// is taken the next ones are tried (up to 50). --base mounts DIR under a sub-path, as a
// university web space would (e.g. /courses/or101/sudoku/): everything outside it is
// 404, so a URL that wrongly points at the host's root shows up. Prints exactly one
// line once listening:
//   gridmilp is served at http://127.0.0.1:PORT/SUB/PATH/
// (followed by the page's name when DIR has no index.html but one other .html page,
// as the one-file build's dist-single/ has).
// The process is the server itself (no children): stop it with SIGTERM or SIGINT.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOST = '127.0.0.1';
const MAX_TRIES = 50;

/** Content types by file extension (.wasm must be application/wasm for streaming compile). */
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

function parseArgs(argv) {
  const args = { dir: null, port: null, base: '/' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dir') args.dir = argv[++i];
    else if (a === '--port') args.port = argv[++i];
    else if (a === '--base') args.base = argv[++i];
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node scripts/serve.mjs [--dir DIR] [--port N] [--base /SUB/PATH/]\n');
      process.exit(0);
    } else {
      process.stderr.write(`serve.mjs: unknown argument ${a}\n`);
      process.exit(2);
    }
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const root = resolve(args.dir ?? join(repoRoot, 'dist'));
const firstPort = Number(args.port ?? process.env.PORT ?? 8080);
if (!Number.isInteger(firstPort) || firstPort < 0 || firstPort > 65535) {
  process.stderr.write(`serve.mjs: bad port ${args.port ?? process.env.PORT}\n`);
  process.exit(2);
}

/** The mount point: starts and ends with '/', no '.', '..', empty or encoded segment. */
const base = normaliseBase(args.base);
if (base === null) {
  process.stderr.write(`serve.mjs: bad --base ${args.base}: give a path such as /courses/or101/sudoku/\n`);
  process.exit(2);
}

function normaliseBase(text) {
  if (typeof text !== 'string') return null;
  const segments = text.split('/').filter((x) => x !== '');
  if (segments.some((x) => x === '.' || x === '..' || !/^[A-Za-z0-9._~-]+$/.test(x))) return null;
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

// The page to open: index.html, or else the folder's one page (dist-single/gridmilp.html).
let page = '';
try {
  const s = await stat(join(root, 'index.html'));
  if (!s.isFile()) throw new Error('not a file');
} catch {
  const pages = await readdir(root).then(
    (names) => names.filter((name) => name.endsWith('.html')),
    () => [],
  );
  if (pages.length !== 1) {
    process.stderr.write(
      `serve.mjs: ${join(root, 'index.html')} not found${pages.length > 1 ? ` (the folder has ${pages.join(', ')})` : ''}: build the page first (npm run build), or give --dir the folder of the page.\n`,
    );
    process.exit(1);
  }
  page = pages[0];
}

/** Map a request path to a file under root, or null when it escapes root. */
function fileFor(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const full = normalize(join(root, path));
  if (full !== root && !full.startsWith(root + sep)) return null;
  return full;
}

function send(res, code, text) {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    send(res, 405, 'Method not allowed\n');
    return;
  }
  const urlPath = (req.url ?? '/').split('?')[0];
  if (base !== '/' && urlPath === base.slice(0, -1)) {
    res.writeHead(301, { Location: base });
    res.end();
    return;
  }
  if (!urlPath.startsWith(base)) {
    send(res, 404, `Not found (gridmilp is served under ${base})\n`);
    return;
  }
  const file = fileFor((req.url ?? '/').slice(base.length - 1));
  if (file === null) {
    send(res, 400, 'Bad request\n');
    return;
  }
  let info;
  try {
    info = await stat(file);
    if (info.isDirectory()) {
      res.writeHead(301, { Location: `${(req.url ?? '/').split('?')[0]}/` });
      res.end();
      return;
    }
  } catch {
    send(res, 404, 'Not found\n');
    return;
  }
  const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
});

function listen(port, triesLeft) {
  const onListening = () => {
    server.off('error', onError);
    const actual = server.address().port;
    process.stdout.write(`gridmilp is served at http://${HOST}:${actual}${base}${page}\n`);
  };
  const onError = (err) => {
    server.off('listening', onListening);
    if (err.code === 'EADDRINUSE' && triesLeft > 1 && port !== 0) {
      listen(port + 1, triesLeft - 1);
    } else {
      process.stderr.write(`serve.mjs: cannot listen on ${HOST}:${port}: ${err.message}\n`);
      process.exit(1);
    }
  };
  server.once('error', onError);
  server.once('listening', onListening);
  server.listen(port, HOST);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections?.();
    process.exit(0);
  });
}

listen(firstPort, MAX_TRIES);
