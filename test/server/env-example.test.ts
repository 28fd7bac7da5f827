import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../backend/src/config/app-config';

const ROOT = join(__dirname, '..', '..');

test('.env.example lists every variable the configuration reads, and its values load', () => {
  const source = readFileSync(join(ROOT, 'backend', 'src', 'config', 'app-config.ts'), 'utf8');
  const read = new Set([...source.matchAll(/env\.([A-Z_]+)|\(env, '([A-Z_]+)'/g)].map((m) => m[1] ?? m[2]));
  const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
  const listed = new Map(
    example
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );
  // And the OTEL_* variables that turn traces on, which backend/src/tracing/tracing-env.ts reads before the
  // configuration is loaded; OTEL_SERVICE_NAME and OTEL_TRACES_SAMPLER are OpenTelemetry's own, read by its SDK.
  const tracing = readFileSync(join(ROOT, 'backend', 'src', 'tracing', 'tracing-env.ts'), 'utf8');
  for (const match of tracing.matchAll(/env\.(OTEL_[A-Z_]+)/g)) read.add(match[1]!);
  const sdkOwn = new Set(['OTEL_SERVICE_NAME', 'OTEL_TRACES_SAMPLER']);
  expect([...listed.keys()].filter((key) => !sdkOwn.has(key)).sort()).toEqual([...read].sort());
  // The example is itself a valid configuration (empty values mean "not set").
  const env = Object.fromEntries([...listed].filter(([, v]) => v !== ''));
  expect(() => loadConfig({ ...env, DATA_DIR: join(require('node:os').tmpdir(), 'techtube-env-example') })).not.toThrow();
});
