// docs/api.md from the OpenAPI document: scripts/api-contract.mjs calls it. The introduction is written here.
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const INTRO = `# TechTube HTTP API

<!-- Generated from docs/openapi.json by \`npm run api:generate\` (scripts/api-page.mjs). Change the backend's OpenAPI
decorators (backend/src/api/openapi/) or the generator, never this page: \`npm test\` fails when it is stale. -->

Every route of the backend, as its OpenAPI document describes it: who may call it, what it answers when it works,
and every error it can answer with its exact message. The same document is served live at \`/api/docs\` (Swagger UI)
and \`/api/docs/json\`, is checked in as [openapi.json](openapi.json), and the frontend's API types
(\`frontend/src/lib/api-schema.ts\`) are generated from it.

- **JSON in and out.** Bodies are \`application/json\` (at most 100 kB; a catalogue import, 8 MB); fields a route does
  not know are dropped.
- **Auth.** Routes marked *token* (everything under \`/api/user\`) need the \`encodedToken\` that signup and login
  answer, in the \`authorization\` header, raw, as \`Bearer <token>\`, or raw in one pair of double quotes (what
  \`JSON.stringify(token)\` gives: [compatibility.md](compatibility.md#quoted-tokens)). The others are public.
- **Errors** always answer \`{ "errors": ["<message>"] }\`. Clients show the messages as they are, so they are
  exact; \`N\` stands for a number filled in when answered (the seconds to wait, or a cap). A 400 of a route that
  takes a body or a query may instead list the validation rules the request broke, one message each.
- **Writes** of \`/api/user/*\` answer 202 \`{ saved: true, message, position }\` when the change is stored but
  reads do not show it yet: read again in a moment, never send it again. They take an optional \`Idempotency-Key\`
  header (the same key and request within 24 h answer the first answer again and write nothing) and are held to a
  per-user write rate (429).
- **Reads** (every \`GET\`) carry \`x-changes-position\`: the log position the answer shows every change through. A
  client that opens a changes stream (\`/api/user/changes\`, \`/api/catalogue/changes\`) after reading sends the
  smallest it got as \`Last-Event-ID\` and so misses nothing made in between (docs/design/live-updates.md).`;

// Markdown would read `__proto__` as bold and `<field>` as a tag: the messages are shown exactly as sent.
const cell = (text) =>
  String(text)
    .replace(/[\\_*<|]/g, (c) => `\\${c}`)
    .replaceAll('\n', ' ');
const schemaName = (response) => {
  const schema = response.content?.['application/json']?.schema;
  const ref = schema?.$ref ?? schema?.items?.$ref;
  return ref ? `\`${ref.split('/').pop()}\`` : '';
};

function operations(document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method];
      const statuses = Object.keys(operation.responses);
      return {
        method: method.toUpperCase(),
        path,
        operation,
        tag: operation.tags?.[0] ?? 'other',
        auth: (operation.security ?? []).length > 0 ? 'token' : 'public',
        successes: statuses.filter((status) => status < '400'),
        errors: statuses.filter((status) => status >= '400'),
      };
    }),
  );
}

/** One row per message: the examples are named by error code (api-docs.decorators.ts). */
function errorRows(operation, status) {
  const response = operation.responses[status];
  const examples = Object.entries(response.content?.['application/json']?.examples ?? {});
  if (examples.length === 0) return [`| ${status} | | ${cell(response.description)} |`];
  return examples.map(([code, example]) =>
    code === 'validation'
      ? `| ${status} | | *${cell(example.summary)}* |`
      : `| ${status} | \`${code}\` | ${cell(example.value.errors[0])} |`,
  );
}

function parameters(operation) {
  const parts = (operation.parameters ?? []).map((p) => `${p.in} \`${p.name}\`${p.required ? '' : ' (optional)'}`);
  const body = operation.requestBody && schemaName(operation.requestBody);
  return [...(body ? [`body ${body}`] : []), ...parts].join(', ');
}

function routeSection({ method, path, operation, auth, successes, errors }) {
  const success = successes.map((status) => `\`${status}\` ${schemaName(operation.responses[status])}`.trim()).join(', ');
  const lines = [`### \`${method} ${path}\``, '', cell(operation.summary ?? ''), '', `- **Auth:** ${auth}`, `- **Success:** ${success}`];
  const given = parameters(operation);
  if (given) lines.push(`- **Request:** ${given}`);
  if (errors.length > 0) {
    lines.push('', '| Status | Code | Message |', '|---|---|---|', ...errors.flatMap((status) => errorRows(operation, status)));
  }
  return lines.join('\n');
}

const anchor = (method, path) =>
  `${method} ${path}`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replaceAll(' ', '-');

export function apiPage(document) {
  const byPath = (a, b) =>
    a.path.localeCompare(b.path) || METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase());
  const routes = operations(document).sort(byPath);
  const index = [
    '## Routes',
    '',
    '| Method | Path | Auth | Success | Error statuses |',
    '|---|---|---|---|---|',
    ...routes.map(
      (r) =>
        `| ${r.method} | [\`${r.path}\`](#${anchor(r.method, r.path)}) | ${r.auth} | ${r.successes.join(', ')} | ${r.errors.join(', ')} |`,
    ),
  ];
  const sections = [...new Set(routes.map((r) => r.tag))]
    .sort()
    .map((tag) => [`## ${tag[0].toUpperCase()}${tag.slice(1)}`, ...routes.filter((r) => r.tag === tag).map(routeSection)].join('\n\n'));
  const named = new Set(
    routes.flatMap((r) => r.errors.flatMap((s) => Object.keys(r.operation.responses[s].content?.['application/json']?.examples ?? {}))),
  );
  const others = Object.entries(document['x-error-catalogue'] ?? {}).filter(([code]) => !named.has(code));
  const catalogue = [
    '## Errors outside the routes',
    '',
    'The rest of the error catalogue (`backend/src/errors/error-catalogue.ts`): answered before a route runs (an unknown route;',
    'a URL, headers or a body the server cannot read; a request too slow to arrive), by any route when something unexpected',
    'fails (500), or kept for the server’s own use.',
    '',
    '| Status | Code | Message |',
    '|---|---|---|',
    ...others.map(([code, { status, message }]) => `| ${status} | \`${code}\` | ${cell(message)} |`),
  ];
  return [INTRO, index.join('\n'), ...sections, catalogue.join('\n')].join('\n\n') + '\n';
}
