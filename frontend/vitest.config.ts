import { mergeConfig, defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Unit tests beside the code (`*.test.ts(x)`), in jsdom, with the app's own aliases.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
    },
  }),
);
