/**
 * A read index.html's inline script started with the HTML, before the app's scripts had come (README, "Speed on a
 * phone"): a signed-in list page's (`/like`, `/watchLater`) own list, with the session's token.
 */
export interface EarlyRead {
  path: string;
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyRead?: EarlyRead;
  }
}

/**
 * The early read's answer when `request` asks for the same thing (a GET of its path with its token), once; otherwise
 * undefined, and the request is sent as usual. Should the early read have failed to reach the server, the request is
 * sent after all.
 */
export function takeEarlyRead(request: Request, holder: { __earlyRead?: EarlyRead } = window): Promise<Response> | undefined {
  const early = holder.__earlyRead;
  if (!early || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.pathname !== early.path || url.search !== '' || request.headers.get('authorization') !== early.token) return undefined;
  holder.__earlyRead = undefined;
  return early.response.catch(() => fetch(request));
}
