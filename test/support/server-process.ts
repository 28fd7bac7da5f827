import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const MAIN = join(ROOT, 'backend', 'dist', 'entry-points', 'main.js');

/** The compiled server (or another entry point), as npm runs it; built here when a suite runs without `pretest`. */
export function ensureBuilt(entry = MAIN): void {
  if (!existsSync(entry)) execFileSync('npm', ['run', 'build', '-w', 'backend'], { cwd: ROOT, stdio: 'ignore' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `node backend/dist/entry-points/main.js` and resolves once it answers, or rejects with its output. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 20_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    // Suites write from one address faster than people do; those about the rates set their own.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SIGNUP_LIMIT_PER_ADDRESS: '1000000',
      WRITE_LIMIT_PER_USER: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c));
  child.stderr!.on('data', (c: Buffer) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${url}/api/categories`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      return {
        url,
        child,
        output: () => output,
        kill: async (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export function runToExit(env: Record<string, string>): { status: number | null; output: string } {
  try {
    const out = execFileSync(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      timeout: 20_000,
      stdio: 'pipe',
    });
    return { status: 0, output: out.toString() };
  } catch (error) {
    const e = error as { status: number | null; stdout: Buffer; stderr: Buffer };
    return { status: e.status, output: `${e.stdout}${e.stderr}` };
  }
}
