/** A thin HTTP client for the /api contract, as any other client would call it. */
export interface ApiResponse<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  withToken(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  get<T = any>(path: string): Promise<ApiResponse<T>> {
    return this.request('GET', path);
  }

  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request('POST', path, body);
  }

  delete<T = any>(path: string): Promise<ApiResponse<T>> {
    return this.request('DELETE', path);
  }

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...(this.token && { authorization: this.token }), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}/api${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text so the assertion shows it */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** Signs up a fresh user and returns a client carrying their token. */
  async signUpUser(name = 'Test'): Promise<{ client: ApiClient; email: string; userId: string }> {
    const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const res = await this.post('/auth/signup', { firstName: name, lastName: 'User', email, password: 'password123' });
    if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { client: this.withToken(res.body.encodedToken), email, userId: res.body.createdUser._id };
  }
}
