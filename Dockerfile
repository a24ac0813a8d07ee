# werkbank: HTTP server (REST + MCP Streamable HTTP) on port 8787.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The render browser is built into the image (the npm package installs none): werkbank's own, unpacked
# from the dev dependency @sparticuz/chromium after checking it against the hashes werkbank pins, the
# same as `werkbank-mcp install-browser` does from the registry.
RUN npm run build \
 && node dist/werkbank.js install-browser --from node_modules/@sparticuz/chromium --data /opt/werkbank

FROM node:20-bookworm-slim
LABEL io.modelcontextprotocol.server.name="io.github.werkbank/werkbank-mcp"
# What renders need on a slim Debian: the shared libraries of that Chromium and fonts (Latin with
# Dutch diacritics, emoji). The same list is installed and rendered with in CI by
# scripts/check-runtime-rootfs.sh (a debootstrap chroot), so the two cannot drift. Measured there:
# +25 MB over the base; Debian's `chromium` package instead would add about 730 MB (README, "Where
# renders work").
COPY docker/runtime-packages.txt /tmp/runtime-packages.txt
RUN apt-get update \
 && apt-get install -y --no-install-recommends $(sed -e 's/#.*//' /tmp/runtime-packages.txt) \
 && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages.txt
WORKDIR /app
ENV NODE_ENV=production WERKBANK_HOST=0.0.0.0 WERKBANK_PORT=8787 WERKBANK_DATA_DIR=/data \
    WERKBANK_BROWSER_DIR=/opt/werkbank/browser
# The package has no runtime dependencies (everything is bundled into dist/): no node_modules.
COPY --from=build /app/dist/werkbank.js /app/dist/manifest.json /app/dist/THIRD-PARTY-LICENSES.txt ./dist/
COPY --from=build /app/dist/chunks ./dist/chunks
COPY --from=build /app/dist/node_modules ./dist/node_modules
COPY --from=build /app/assets ./assets
COPY --from=build /opt/werkbank/browser /opt/werkbank/browser
COPY package.json README.md mcp.json ./
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8787
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:8787/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/werkbank.js", "serve", "--host", "0.0.0.0"]
