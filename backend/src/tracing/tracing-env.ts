/** Exporters of spans the app knows by OTEL_TRACES_EXPORTER's names. */
export type SpanExporterName = 'otlp' | 'console';

/**
 * Which exporters OTEL_* asks for (docs/design/operating.md, "Traces"); none means tracing is off and
 * nothing of the SDK is loaded. On when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
 * is set (OTLP), or OTEL_TRACES_EXPORTER names an exporter (`otlp`, `console`; `none` is off), and
 * OTEL_SDK_DISABLED is not `true`. Names the app does not know are left out.
 */
export function requestedSpanExporters(env: NodeJS.ProcessEnv): SpanExporterName[] {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return [];
  const named = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (named.length > 0) {
    if (named.includes('none')) return [];
    return [...new Set(named.filter((name): name is SpanExporterName => name === 'otlp' || name === 'console'))];
  }
  return env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() ? ['otlp'] : [];
}
