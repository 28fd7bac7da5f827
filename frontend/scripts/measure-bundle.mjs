// Prints the production build's JavaScript and CSS sizes, raw and gzip-compressed, then what the first
// screen loads: the files the built index.html names (its entry script, the chunks it preloads, its
// styles). Every other page is a lazy chunk fetched on its first visit. Exits 1 when the first screen's
// JavaScript is over FIRST_SCREEN_JS_LIMIT bytes gzip (README, "Speed on a phone": 100 kB).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FIRST_SCREEN_JS_LIMIT = 100_000;
const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`no build at ${dist}: run "npm run build -w frontend" first`);
  process.exit(1);
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
for (const file of readdirSync(assets)
  .filter((f) => /\.(js|css)$/.test(f))
  .sort()) {
  const raw = readFileSync(join(assets, file)).length;
  const gzip = gzipSize(`assets/${file}`);
  const kind = file.endsWith('.js') ? 'js' : 'css';
  totals[kind].raw += raw;
  totals[kind].gzip += gzip;
  console.log(`${file}\t${raw} bytes\t${gzip} bytes gzip`);
}
console.log(`JavaScript total: ${totals.js.raw} bytes, ${totals.js.gzip} bytes gzip`);
console.log(`CSS total: ${totals.css.raw} bytes, ${totals.css.gzip} bytes gzip`);

// What index.html makes the browser fetch before anything renders: <script src>, modulepreload, stylesheets (and the styles it holds).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const named = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const firstScreen = [...new Set(named)];
const js = firstScreen.filter((f) => f.endsWith('.js'));
const css = firstScreen.filter((f) => f.endsWith('.css'));
const sum = (files) => files.reduce((total, f) => total + gzipSize(f), 0);
console.log(`\nFirst screen (/) loads: ${firstScreen.join(', ')}`);
const jsGzip = sum(js);
console.log(`First-screen JavaScript: ${kB(jsGzip)} gzip in ${js.length} files (limit ${kB(FIRST_SCREEN_JS_LIMIT)})`);
// The entry's stylesheet is written into index.html itself (vite.config.ts, inlineEntryStyles).
const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((total, m) => total + gzipSync(m[1], { level: 9 }).length, 0);
console.log(`First-screen CSS: ${kB(sum(css))} gzip in ${css.length} files, ${kB(inlineCss)} gzip inline in index.html`);
if (jsGzip > FIRST_SCREEN_JS_LIMIT) {
  console.error(`First-screen JavaScript is over the limit by ${kB(jsGzip - FIRST_SCREEN_JS_LIMIT)}`);
  process.exit(1);
}
