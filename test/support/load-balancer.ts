import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/** Debian's nginx, when installed (`.ci/run` installs it); undefined otherwise, and the caller skips with a reason. */
export function nginxBinary(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
}

export interface LoadBalancer {
  readonly url: string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /**
   * Send `X-Forwarded-For` (the client's address appended to what it sent) and overwrite
   * `X-Forwarded-Host`, as deploy/nginx-cluster.conf does; true by default. The instances believe it
   * only when their TRUST_PROXY names 127.0.0.1 (nginx connects to them from there).
   */
  readonly forwardClientAddress?: boolean;
}

/**
 * nginx on a free loopback port (127.0.0.1, reachable from any 127.x.y.z source), round-robin over
 * `upstreams` (`http://127.0.0.1:port`), as a test's child with its own config, pid and temp files in a
 * temp dir. An upstream that refuses connections is marked failed for a second and the request goes to
 * the next one; a request already sent is never resent (nginx's default for POST, PATCH, DELETE: the
 * client retries with its Idempotency-Key).
 */
export async function startNginx(upstreams: readonly string[], options: NginxOptions = {}): Promise<LoadBalancer> {
  const forwarded =
    options.forwardClientAddress === false
      ? ''
      : `
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Host $host;`;
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed: run `apt-get install -y nginx`');
  const dir = mkdtempSync(join(tmpdir(), 'techtube-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const conf = `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
${upstreams.map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=1s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout;${forwarded}
    }
    # The changes streams, as deploy/nginx-cluster.conf passes them: unbuffered, open past the heartbeat.
    location ~ ^/api/(user|catalogue)/changes$ {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_connect_timeout 1s;
      proxy_buffering off;
      proxy_read_timeout 1h;${forwarded}
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c));
  child.stderr!.on('data', (c: Buffer) => (output += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}/api/categories`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
  await stop();
  throw new Error(`nginx did not start on port ${port}:\n${output}\n${log}`);
}
