# syntax=docker/dockerfile:1
# TechTube: the NestJS API and the built React frontend in one image.
#   docker build -t techtube .      (docker compose up --build does this for you)

# --- build: install everything, compile better-sqlite3, build backend and frontend ----------------
FROM node:20-bookworm-slim AS build
# better-sqlite3 is compiled from source (no prebuilt download): node-gyp needs these.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Manifests first, so that the dependency layer is cached until they change.
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# Scripts off (as package.json's allowScripts says), then the one native module built on purpose.
RUN npm install --no-audit --no-fund --ignore-scripts \
 && npm_config_build_from_source=true npm rebuild better-sqlite3
COPY tsconfig.json ./
COPY backend backend
COPY frontend frontend
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p backend/node_modules

# --- runtime: production dependencies and build output only, as an unprivileged user ------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/backend/package.json backend/
COPY --from=build --chown=node:node /app/backend/node_modules backend/node_modules
COPY --from=build --chown=node:node /app/backend/dist backend/dist
COPY --from=build --chown=node:node /app/frontend/package.json frontend/
COPY --from=build --chown=node:node /app/frontend/dist frontend/dist
# Only used without EVENTSTORE_CONNECTION_STRING (the embedded SQLite store): mount a volume here.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# 200 only while the event store and the read model both answer (503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "backend/dist/entry-points/main.js"]
