import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset once, at build time, at the highest
 * levels: the backend serves them by content negotiation (@fastify/static `preCompressed`), so no
 * request ever pays for compression. Files under 1 kB are left alone (a header costs as much).
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'techtube-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    writeBundle() {
      const assets = join(outDir, 'assets');
      for (const file of readdirSync(assets).filter((f) => /\.(js|css|svg|json)$/.test(f))) {
        const bytes = readFileSync(join(assets, file));
        if (bytes.length < 1024) continue;
        const brotli = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
        writeFileSync(join(assets, `${file}.br`), brotliCompressSync(bytes, { params: brotli }));
        writeFileSync(join(assets, `${file}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// The backend serves dist/ at / and the API under /api on the same origin; in dev the proxy
// gives the same picture so that the app only ever uses relative /api URLs.
export default defineConfig({
  plugins: [react(), precompressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The polyfill's script would be on the first screen for the few browsers of Vite's default target
    // without <link rel="modulepreload"> (Safari 16): they fetch those chunks when the entry imports them.
    modulePreload: { polyfill: false },
  },
});
