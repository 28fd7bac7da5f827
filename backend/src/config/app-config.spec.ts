import { tmpdir } from 'node:os';
import { ConfigError, loadConfig } from './app-config';

/** Secrets given, so that loading writes nothing under DATA_DIR. */
const BASE = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), EMAIL_INDEX_SECRET: 'y'.repeat(32) };

describe('METRICS_PORT and METRICS_HOST (README "Configuration")', () => {
  it('is off unless METRICS_PORT is set, and binds every interface by default', () => {
    expect(loadConfig(BASE).metrics).toEqual({ port: undefined, host: '0.0.0.0' });
    expect(loadConfig({ ...BASE, METRICS_PORT: '' }).metrics.port).toBeUndefined();
    expect(loadConfig({ ...BASE, METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  });

  it('listens where the API does unless METRICS_HOST says otherwise: an API on loopback keeps its metrics there', () => {
    expect(loadConfig({ ...BASE, HOST: '127.0.0.1', METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...BASE, HOST: '::1', METRICS_PORT: '9464', METRICS_HOST: '' }).metrics.host).toBe('::1');
    expect(loadConfig({ ...BASE, HOST: '127.0.0.1', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics.host).toBe('0.0.0.0');
    expect(loadConfig({ ...BASE, HOST: '', METRICS_PORT: '9464' }).metrics.host).toBe('0.0.0.0');
    // The API's own interface, as it is given (a name too): the same interface the API listens on.
    expect(loadConfig({ ...BASE, HOST: 'localhost', METRICS_PORT: '9464' }).metrics.host).toBe('localhost');
  });

  it.each([
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT must be an integer from 1 to 65535/],
    [{ METRICS_PORT: '0' }, /METRICS_PORT must be an integer from 1 to 65535/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT/],
    [{ METRICS_PORT: '9464', METRICS_HOST: 'metrics.example.com' }, /METRICS_HOST must be an IP address/],
  ])('refuses %j at start', (env, message) => {
    expect(() => loadConfig({ ...BASE, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE, ...env })).toThrow(message);
  });
});
