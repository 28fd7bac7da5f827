// Prints the production build's JavaScript and CSS sizes, raw and gzip-compressed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
let files;
try {
  files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
} catch {
  console.error(`no build at ${assets}: run "npm run build -w frontend" first`);
  process.exit(1);
}
const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
for (const file of files.sort()) {
  const bytes = readFileSync(join(assets, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const kind = file.endsWith('.js') ? 'js' : 'css';
  totals[kind].raw += bytes.length;
  totals[kind].gzip += gzip;
  console.log(`${file}\t${bytes.length} bytes\t${gzip} bytes gzip`);
}
console.log(`JavaScript total: ${totals.js.raw} bytes, ${totals.js.gzip} bytes gzip`);
console.log(`CSS total: ${totals.css.raw} bytes, ${totals.css.gzip} bytes gzip`);
