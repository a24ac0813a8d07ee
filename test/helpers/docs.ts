/**
 * Reading the documentation the way its tests need it: README.md and the pages under docs/, a section by its
 * heading, the fenced blocks in it, the shell commands they show, and the commands that no test runs (with why).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './paths.js';

/** README.md and every docs/*.md, as paths relative to the repository root. */
export const DOC_FILES: string[] = [
  'README.md',
  ...readdirSync(resolve(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

export const readDoc = (file: string): string => readFileSync(resolve(repoRoot, file), 'utf8');

/** The text under `heading` (the whole heading line, e.g. `## Storage`) up to the next heading of its level or above. */
export function section(file: string, heading: string): string {
  const text = readDoc(file);
  const at = text.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`${file} has no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0].length;
  const lines = text.slice(at + heading.length + 2).split('\n');
  let fenced = false;
  const end = lines.findIndex((line) => {
    if (/^ *(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced && new RegExp(`^#{1,${level}} `).test(line);
  });
  return (end < 0 ? lines : lines.slice(0, end)).join('\n');
}

/** The contents of the fenced blocks of `text` in language `lang`. */
export function fencedBlocks(text: string, lang = 'bash'): string[] {
  return [...text.matchAll(new RegExp('^ *```' + lang + '\\n([\\s\\S]*?)^ *```', 'gm'))].map((m) => m[1]);
}

/**
 * The commands a shell block shows, one per command as a reader would type it: continued lines joined, comment
 * lines and trailing comments dropped, indentation and runs of spaces collapsed.
 */
export function commandsOf(block: string): string[] {
  const joined = block.replace(/\\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) =>
      l
        .replace(/\s+#\s.*$/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

/** Every command the documentation shows in a bash or sh block, with the file it is in. */
export function shownCommands(): { file: string; command: string }[] {
  return DOC_FILES.flatMap((file) => {
    const text = readDoc(file);
    return [...fencedBlocks(text, 'bash'), ...fencedBlocks(text, 'sh')].flatMap((b) => commandsOf(b).map((command) => ({ file, command })));
  });
}

/**
 * The shown commands no test runs, and why: each needs the network (the npm registry, a Debian mirror), a
 * published package, Docker or a public host name. test/readme-commands.test.ts runs every other shown command;
 * test/readme-links.test.ts fails on a shown command that is in neither place.
 */
export const NOT_RUN: Record<string, string> = {
  'npm install && npm start':
    'network: npm install fetches from the registry (the tests run the build and `werkbank serve --dev`, which `npm start` runs)',
  'npm install && npm test': 'network: npm install fetches from the registry; `npm test` is the command CI runs (.ci/run)',
  'npm install && npm run build': 'network: npm install fetches from the registry; every test runs the build',
  'npx -y werkbank-mcp install-browser': 'network and publication: fetches werkbank-mcp and @sparticuz/chromium from the npm registry',
  'npx werkbank install-browser':
    'network: fetches @sparticuz/chromium from the npm registry (test/cli.test.ts installs from a local copy)',
  'WERKBANK_BASE_URL=https://tools.example.com WERKBANK_SIGNUP=open WERKBANK_TRUST_PROXY=1 WERKBANK_HOST=0.0.0.0 WERKBANK_ALLOWED_HOSTS=tools.example.com npx werkbank serve':
    'a public host name: werkbank behind HTTPS on a domain',
  'docker compose exec -T postgres pg_dump -U werkbank -Fc werkbank > werkbank.dump':
    'Docker: needs the docker-compose.yml deployment running',
  'docker compose exec -T postgres pg_restore -U werkbank -d werkbank --clean --if-exists < werkbank.dump':
    'Docker: needs the docker-compose.yml deployment running',
};

/**
 * The sections test/readme-commands.test.ts takes its commands from, as [file, heading]. It runs every command
 * these show (but those in NOT_RUN) and fails on one it did not run; a command shown anywhere else must be in NOT_RUN.
 */
export const TESTED_SECTIONS: [file: string, heading: string][] = [
  ['README.md', '### Quick start: an MCP host, from a clone'],
  ['README.md', '### Quick start: REST with the dev key'],
  ['docs/operators.md', '## The CLI from a clone'],
  ['docs/operators.md', '## Administration'],
  ['docs/operators.md', '## Run with PostgreSQL'],
];

/** `text` without fenced blocks and code spans: links and headings are not read there. */
function prose(text: string): string {
  return text.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** The link targets of `text`: inline links and reference definitions, outside code. */
export function links(text: string): string[] {
  const body = prose(text);
  return [
    ...[...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...body.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]),
  ];
}

/** Whether a link target is relative (a file of the repository, or an anchor), not a URL with a scheme. */
export const isRelative = (target: string): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(target);
