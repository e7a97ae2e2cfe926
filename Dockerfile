# Multi-stage build: compile everything, then keep production dependencies only.
FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm exec turbo run build --filter=@twofold/api... --filter=@twofold/web... \
 && pnpm install --frozen-lockfile --prod

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/package.json /src/pnpm-workspace.yaml ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/packages ./packages
COPY --from=build /src/apps/api/package.json ./apps/api/package.json
COPY --from=build /src/apps/api/dist ./apps/api/dist
COPY --from=build /src/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /src/apps/web/dist ./apps/web/dist
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:8000/up').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Memory on a small machine (measured by apps/api/bench/memory.bench.ts): a 1 MB young generation
# and an old space capped at 192 MB keep V8's heap near what it uses; two malloc arenas stop the
# threads that compress answers from each keeping its own, never given back.
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-semi-space-size=1", "--max-old-space-size=192", "apps/api/dist/server.js"]
