import { vi } from 'vitest';

/**
 * For unit tests: the app's API as `answer` gives it, through the `fetch` the app calls. The app asks for /api/…,
 * relative to the page as a browser resolves it; Node's Request needs it whole, so it is resolved against the
 * test's page. `answer` gives a body (200), a whole `Response` (any other status), or undefined (404). Returns the
 * requests made, as `METHOD /path`.
 */
export function stubServer(answer: (path: string) => unknown): string[] {
  const asked: string[] = [];
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: string, init?: RequestInit) {
        super(new URL(input, location.href), init);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      asked.push(`${input.method} ${path}`);
      const body = await answer(path);
      if (body instanceof Response) return body;
      return body === undefined ? new Response('{}', { status: 404 }) : Response.json(body);
    }),
  );
  return asked;
}
