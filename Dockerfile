# Parley's server and web app in one image, run as an unprivileged user. Build with
#   docker build -t parley .
# and run as many containers as you like on one PostgreSQL database (see README, "Deploying"):
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e JWT_SECRET=… -e SECRETS_KEY=… parley

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# Everything the build needs, then only what the server needs to run.
RUN npm ci --no-audit --no-fund \
  && npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/parley \
    LOG_FORMAT=json
WORKDIR /app
# The bundled server looks for the web app at ../../web/dist beside it: the same layout as the repository.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR matters only without DATABASE_URL (the embedded database); it belongs to the server's user.
RUN mkdir -p /var/lib/parley && chown node:node /var/lib/parley
USER node
EXPOSE 3000
# Node answers signals itself (no shell in between): SIGTERM starts the graceful stop.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
