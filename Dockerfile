# PropertyDNA: one image with the API and the built web app.
FROM node:24-slim AS build
ENV TURBO_TELEMETRY_DISABLED=1
RUN npm install --global pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm exec turbo run build --filter=@propertydna/api --filter=@propertydna/web \
 && pnpm --filter @propertydna/api deploy --prod --legacy /out/apps/api \
 && mkdir -p /out/apps/web && cp -r apps/web/dist /out/apps/web/dist

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
