import { requestedSpanExporters } from './tracing-env';

describe('tracing is on only when OTEL_* asks for it (docs/design/operating.md, "Traces")', () => {
  test('off without any OTEL_* variable, or with only ones that name no exporter', () => {
    expect(requestedSpanExporters({})).toEqual([]);
    expect(
      requestedSpanExporters({ OTEL_SERVICE_NAME: 'techtube', OTEL_TRACES_SAMPLER: 'always_on', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }),
    ).toEqual([]);
  });

  test('an OTLP endpoint, general or for traces, turns OTLP on', () => {
    expect(requestedSpanExporters({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual(['otlp']);
    expect(requestedSpanExporters({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toEqual(['otlp']);
  });

  test('OTEL_TRACES_EXPORTER names the exporters (otlp, console); none is off, unknown names are left out', () => {
    expect(requestedSpanExporters({ OTEL_TRACES_EXPORTER: 'console' })).toEqual(['console']);
    expect(requestedSpanExporters({ OTEL_TRACES_EXPORTER: 'otlp, console,otlp' })).toEqual(['otlp', 'console']);
    expect(requestedSpanExporters({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual([]);
    expect(requestedSpanExporters({ OTEL_TRACES_EXPORTER: 'zipkin' })).toEqual([]);
  });

  test('OTEL_SDK_DISABLED=true wins over everything', () => {
    expect(requestedSpanExporters({ OTEL_SDK_DISABLED: 'TRUE', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual([]);
    expect(requestedSpanExporters({ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'console' })).toEqual(['console']);
  });
});
