// The API contract, kept in the repository: starts the built backend (embedded stores, a temporary data
// directory, a free loopback port: no Redis, no network), reads GET /api/docs/json and writes
//   docs/openapi.json              the document, keys in a stable order
//   docs/api.md                    every route, its auth, success and error answers with their exact messages
//   frontend/src/lib/api-schema.ts the frontend's API types (frontend/scripts/api-types.mjs: openapi-typescript)
// `node scripts/api-contract.mjs --check` writes them to a temporary directory instead and exits 1 when a
// checked-in copy differs (npm test runs it as `npm run api:check`, after the build).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as prettier from 'prettier';
import { apiTypes } from '../frontend/scripts/api-types.mjs';
import { apiPage } from './api-page.mjs';

const ROOT = join(import.meta.dirname, '..');
const MAIN = join(ROOT, 'backend', 'dist', 'entry-points', 'main.js');
const OUTPUTS = { document: 'docs/openapi.json', page: 'docs/api.md', types: 'frontend/src/lib/api-schema.ts' };
const GENERATE = 'npm run api:generate';
const START_TIMEOUT_MS = 30_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The document as the built server answers it. Only what the server needs is passed on: never REDIS_URL and friends. */
async function fetchDocument() {
  if (!existsSync(MAIN)) throw new Error(`no backend build at ${MAIN}: run "npm run build -w backend" first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-api-contract-'));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    STATIC_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
  };
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/docs/json`).catch(() => undefined);
      if (answer?.ok) return await answer.json();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the backend did not answer GET /api/docs/json within ${START_TIMEOUT_MS} ms:\n${output}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Objects whose key order is the data's own (a schema's fields as declared, the catalogue as written).
const KEEP_ORDER = new Set(['properties', 'x-error-catalogue']);
const ROOT_ORDER = ['openapi', 'info', 'servers', 'tags', 'security', 'paths', 'components'];
const rootRank = (key) => (ROOT_ORDER.includes(key) ? ROOT_ORDER.indexOf(key) : ROOT_ORDER.length);

/** Every other object's keys sorted, so that the order Nest discovers controllers and schemas in never shows. */
function stable(value, parentKey = '') {
  if (Array.isArray(value)) return value.map((item) => stable(item));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (parentKey === '') keys.sort((a, b) => rootRank(a) - rootRank(b) || a.localeCompare(b));
  else if (!KEEP_ORDER.has(parentKey)) keys.sort();
  return Object.fromEntries(keys.map((key) => [key, stable(value[key], key)]));
}

async function format(text, file) {
  const options = await prettier.resolveConfig(join(ROOT, file));
  return prettier.format(text, { ...options, filepath: join(ROOT, file) });
}

async function render(document) {
  return {
    [OUTPUTS.document]: await format(JSON.stringify(document), OUTPUTS.document),
    [OUTPUTS.page]: apiPage(document),
    [OUTPUTS.types]: await format(await apiTypes(document), OUTPUTS.types),
  };
}

const check = process.argv.includes('--check');
try {
  const files = await render(stable(await fetchDocument()));
  const target = check ? mkdtempSync(join(tmpdir(), 'techtube-api-contract-')) : ROOT;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    writeFileSync(join(target, file), text);
  }
  if (check) {
    const read = (file) => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : undefined);
    const stale = Object.keys(files).filter((file) => read(file) !== readFileSync(join(target, file), 'utf8'));
    rmSync(target, { recursive: true, force: true });
    if (stale.length > 0) {
      console.error(`${stale.join(', ')} ${stale.length === 1 ? 'is' : 'are'} stale: run ${GENERATE}`);
      process.exit(1);
    }
    console.log(`${Object.keys(files).join(', ')} match the backend`);
  } else {
    console.log(`wrote ${Object.keys(files).join(', ')}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
