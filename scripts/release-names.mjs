#!/usr/bin/env node
/**
 * `node scripts/release-names.mjs <github-owner> [dir]`: names the release after the repository's owner.
 *
 * The MCP Registry accepts a server named `io.github.<owner>/…` only from that GitHub owner (the release
 * workflow logs in with GitHub OIDC), and it checks that the npm package's `mcpName` is the same name; the
 * Docker image is pushed to `ghcr.io/<owner>` (lower case, as GHCR requires). The repository carries the
 * names of its first owner; the release workflow runs this before `npm publish`, the image build and
 * `mcp-publisher publish`, so a fork releases under its own names. It rewrites package.json's `mcpName`,
 * server.json's `name` and image, and the Dockerfile's MCP label, and prints what it set. Idempotent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [owner, dir = process.cwd()] = process.argv.slice(2);
// GitHub logins and organisation names: letters, digits and single hyphens, at most 39 characters.
if (!owner || !/^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/.test(owner)) {
  console.error(`usage: release-names.mjs <github-owner> [dir]  (got ${JSON.stringify(owner ?? '')}: not a GitHub owner name)`);
  process.exit(2);
}
const file = (name) => join(dir, name);
const pkg = JSON.parse(readFileSync(file('package.json'), 'utf8'));
const name = `io.github.${owner}/${pkg.name}`;
const image = `ghcr.io/${owner.toLowerCase()}/${pkg.name}`;

pkg.mcpName = name;
writeFileSync(file('package.json'), JSON.stringify(pkg, null, 2) + '\n');

const server = JSON.parse(readFileSync(file('server.json'), 'utf8'));
server.name = name;
for (const p of server.packages) if (p.registryType === 'oci') p.identifier = `${image}:${p.identifier.split(':').pop()}`;
writeFileSync(file('server.json'), JSON.stringify(server, null, 2) + '\n');

const dockerfile = readFileSync(file('Dockerfile'), 'utf8');
const labelled = dockerfile.replace(
  /^LABEL io\.modelcontextprotocol\.server\.name="[^"]*"$/m,
  `LABEL io.modelcontextprotocol.server.name="${name}"`,
);
if (labelled === dockerfile && !dockerfile.includes(`server.name="${name}"`)) {
  console.error('Dockerfile: no LABEL io.modelcontextprotocol.server.name line to set');
  process.exit(1);
}
writeFileSync(file('Dockerfile'), labelled);
console.log(`release names: ${name}, ${image}`);
