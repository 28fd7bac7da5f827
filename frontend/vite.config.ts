import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
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

/**
 * The first screen's styles inside index.html, as one `<style>` element in place of the stylesheet link: the first
 * paint then waits for no request but the page's own (README, "Speed on a phone"). The server's content-security
 * policy allows exactly that element by its hash (backend/src/http/page-styles.ts). A stylesheet that holds `</`
 * (which could end the element) stays a link.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'techtube-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = context.bundle?.[file];
          const css = asset?.type === 'asset' ? String(asset.source) : undefined;
          return css === undefined || css.includes('</') ? link : `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * The first screen's scripts asked for at low priority (`fetchpriority="low"` on the entry and its modulepreloads):
 * the HTML shell paints without them (a module script never blocks rendering), and at that moment the browser has
 * nothing else to fetch, so they arrive as soon as before. Lighthouse's simulation counts any high-priority script
 * that arrived before the observed first paint as blocking it, and put their download time on the simulated first
 * paint of about half the runs (README, "Speed on a phone"). The backend's per-page preloads do the same
 * (backend/src/http/route-preloads.ts).
 */
function firstScreenScriptsAtLowPriority(): Plugin {
  return {
    name: 'techtube-first-screen-scripts-low-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload") (?![^>]*fetchpriority)/g, '<$1 fetchpriority="low" '),
    },
  };
}

/**
 * Writes `route-assets.json` beside index.html: for each lazy page module (src/app/routes/<name>.tsx), the
 * JavaScript and CSS files its first visit fetches that index.html does not already name. The backend names them
 * in the HTML it serves for that page's URL (`<link rel="modulepreload">`, README "Speed on a phone"), so a
 * visit that starts on the player fetches the player's code beside the entry instead of after it has run.
 */
function routeAssets(): Plugin {
  return {
    name: 'techtube-route-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
      const staticClosure = (start: string[], into = new Set<string>()) => {
        for (const name of start) {
          if (into.has(name) || !chunks.has(name)) continue;
          into.add(name);
          staticClosure(chunks.get(name)!.imports, into);
        }
        return into;
      };
      const firstScreen = staticClosure([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const pages: Record<string, { js: string[]; css: string[] }> = {};
      for (const chunk of chunks.values()) {
        const page = chunk.isDynamicEntry
          ? /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1]
          : undefined;
        if (!page) continue;
        const js = [...staticClosure([chunk.fileName])].filter((name) => !firstScreen.has(name));
        const css = js.flatMap((name) => [...(chunks.get(name)!.viteMetadata?.importedCss ?? [])]);
        pages[page] = { js, css: [...new Set(css)] };
      }
      this.emitFile({ type: 'asset', fileName: 'route-assets.json', source: JSON.stringify(pages) });
    },
  };
}

/**
 * React Router 7 on the first screen as small as the app's use of it (README, "Speed on a phone"):
 * - its package points every condition at its development build; the production build beside it
 *   differs only in leaving the dev-only warnings out;
 * - that build is one module for the whole library, whose components are made by `React.forwardRef(...)`
 *   calls followed by `X.displayName = "X"` writes, statements a bundler must keep in case they have side
 *   effects: <Link>, <NavLink>, <Form> and the prefetching they reach would stay although the app draws its
 *   own links (components/link.tsx). Marking those calls pure and dropping the display names (read only by
 *   React's developer tools) lets the unused ones go.
 * Together about 4.5 kB gzip (bench/RESULTS.md, "Frontend on React 19"). A library update that no longer
 * matches only costs those bytes back, which `npm run size` shows.
 */
function reactRouterForProduction(): Plugin {
  const production = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');
  return {
    name: 'techtube-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' ? production : null),
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/.test(id)) return null;
      return code
        .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '');
    },
  };
}

// The backend serves dist/ at / and the API under /api on the same origin; in dev the proxy
// gives the same picture so that the app only ever uses relative /api URLs.
export default defineConfig({
  plugins: [
    react(),
    reactRouterForProduction(),
    routeAssets(),
    inlineEntryStyles(),
    firstScreenScriptsAtLowPriority(),
    precompressAssets(),
  ],
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
    rolldownOptions: {
      output: {
        // The libraries every page needs in one chunk instead of the three or four the default split makes
        // around the app's shared modules: one file compresses better than its parts (0.9 kB gzip less on the
        // first screen, bench/RESULTS.md "Frontend on React 19"). react-toastify stays in its lazy chunk.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|use-sync-external-store|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|immer|@standard-schema[\\/]utils)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
