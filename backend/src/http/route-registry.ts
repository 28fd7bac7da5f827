import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

const registries = new WeakMap<object, RegisteredRoute[]>();

/** Records every route as Fastify registers it, so tests can hold the API docs to the real routes. */
export function recordRoutes(fastify: FastifyInstance, owner: object): void {
  const routes: RegisteredRoute[] = [];
  registries.set(owner, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routes.push({ method, url: route.url });
  });
}

export function registeredRoutes(owner: object): readonly RegisteredRoute[] {
  return registries.get(owner) ?? [];
}
