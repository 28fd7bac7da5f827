import { fileURLToPath } from 'node:url';
import { mergeConfig, defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const own = (name: string) => fileURLToPath(new URL(`./node_modules/${name}`, import.meta.url));
const hoisted = (file: string) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));

// Unit tests beside the code (`*.test.ts(x)`), in jsdom, with the app's own aliases and its one React.
export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      // This workspace's React for every library, as in the build (the root holds a hoisted React 18).
      alias: [
        { find: /^react$/, replacement: own('react') },
        { find: /^react\/(.*)$/, replacement: `${own('react')}/$1` },
        { find: /^react-dom$/, replacement: own('react-dom') },
        { find: /^react-dom\/(.*)$/, replacement: `${own('react-dom')}/$1` },
        // Their ES modules, which Vite bundles (the CommonJS builds Node would pick require the root's React).
        { find: /^@testing-library\/react$/, replacement: hoisted('@testing-library/react/dist/@testing-library/react.esm.js') },
        { find: /^react-redux$/, replacement: hoisted('react-redux/dist/react-redux.mjs') },
        { find: /^react-router-dom$/, replacement: hoisted('react-router-dom/dist/index.mjs') },
        { find: /^react-router$/, replacement: hoisted('react-router/dist/development/index.mjs') },
      ],
    },
    // Bundled through Vite like the app, so that the aliases above reach them too.
    ssr: { noExternal: [/react-router/, /react-redux/, /react-toastify/, /@testing-library\/react/, /use-sync-external-store/] },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // React Redux's CommonJS helper, pre-bundled so that its require('react') is this workspace's too.
      deps: {
        optimizer: {
          client: { enabled: true, include: ['use-sync-external-store/with-selector.js'] },
          ssr: { enabled: true, include: ['use-sync-external-store/with-selector.js'] },
        },
      },
      server: { deps: { inline: [/react-router/, /react-redux/, /react-toastify/, /@testing-library\/react/, /use-sync-external-store/] } },
    },
  }),
);
