# Twofold's image: Node.js 24 (LTS), built for each target architecture (linux/amd64, linux/arm64:
# `docker buildx build --platform linux/amd64,linux/arm64 .`; the release workflow does it). The
# build stage runs on the target's platform because sharp installs a native binary per architecture.
# Multi-stage: compile everything, then keep production dependencies only.
FROM node:24-bookworm-slim AS build
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm exec turbo run build --filter=@twofold/api... --filter=@twofold/web... \
 && pnpm install --frozen-lockfile --prod

FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="Twofold" \
      org.opencontainers.image.description="Self-hosted two-factor (OTP) account manager, wire-compatible with 2FAuth's API" \
      org.opencontainers.image.source="https://github.com/twofold-app/twofold" \
      org.opencontainers.image.licenses="MIT"
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8000 DATA_DIR=/data BACKUP_DIR=/backups
WORKDIR /app
COPY --from=build /src/package.json /src/pnpm-workspace.yaml ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/packages ./packages
COPY --from=build /src/apps/api/package.json ./apps/api/package.json
COPY --from=build /src/apps/api/dist ./apps/api/dist
COPY --from=build /src/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /src/apps/web/dist ./apps/web/dist
# The server writes only to /data, /backups and the temporary folder: the image runs with a
# read-only root filesystem (docker-compose.yml: read_only, with a tmpfs on /tmp), as the
# unprivileged `node` user (uid 1000, numeric so that runAsNonRoot can check it).
RUN mkdir -p /data /backups && chown 1000:1000 /data /backups
USER 1000:1000
VOLUME ["/data", "/backups"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["node", "-e", "fetch('http://127.0.0.1:8000/up').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Memory on a small machine (measured by apps/api/bench/memory.bench.ts): a 1 MB young generation
# and an old space capped at 192 MB keep V8's heap near what it uses; two malloc arenas stop the
# threads that compress answers from each keeping its own, never given back.
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-semi-space-size=1", "--max-old-space-size=192", "apps/api/dist/server.js"]
