# The production server (server/src/main.ts) with its built pages.
# Built in one stage, run in a smaller one as the unprivileged `node` user; the orchestrator's
# health check asks /readyz (the database answers, every migration applied).
#   docker build -t drive-file-widget .
#   docker run -e APP_SECRET=… -e DATABASE_URL=… -p 3000:3000 drive-file-widget
# Configuration is by environment variables only (README, "Run the server"; deploy/README.md).
# Node 24, the active LTS (package.json's `engines` lists what else the server runs on).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 PAGES_DIR=dist
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/server/dist ./server/dist
COPY --from=build --chown=node:node /app/server/migrations ./server/migrations
# PDFs and presentations are drawn by poppler's tools (docs/decisions/pdf-renderer.md); installed
# only where missing (npm run test:docker runs this step on a machine .ci/run gave them to).
RUN command -v pdftoppm >/dev/null || (apt-get update -q && apt-get install -y -q --no-install-recommends poppler-utils && rm -rf /var/lib/apt/lists/*)
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/server/src/main.js"]
