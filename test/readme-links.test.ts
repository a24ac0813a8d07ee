/**
 * The README and the pages under docs/ hold together: every relative link points at a file of the repository,
 * every `#anchor` at a heading of the page it names (GitHub's slugs), and every command they show in a shell block
 * is run by test/readme-commands.test.ts (it lies in one of TESTED_SECTIONS) or is listed in NOT_RUN with the
 * reason no test can run it. A new command with neither fails here.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from './helpers/paths.js';
import {
  DOC_FILES,
  NOT_RUN,
  TESTED_SECTIONS,
  commandsOf,
  fencedBlocks,
  isRelative,
  links,
  readDoc,
  section,
  shownCommands,
} from './helpers/docs.js';

/** GitHub's anchor of a heading: the rendered text in lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  const rendered = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim();
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, numbered like GitHub's when a slug repeats. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = readDoc(file).replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, '');
  for (const [, heading] of text.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

describe('GitHub slugs', () => {
  it('match what GitHub makes of this repository’s kinds of headings', () => {
    expect(slug('Connect werkbank to Claude')).toBe('connect-werkbank-to-claude');
    expect(slug('Payments (Stripe)')).toBe('payments-stripe');
    expect(slug('Finding a tool: `GET /api/v1/tools?q=`')).toBe('finding-a-tool-get-apiv1toolsq');
    expect(slug('Quick start: an MCP host, from a clone')).toBe('quick-start-an-mcp-host-from-a-clone');
    expect(slug('`dutch-calc`: Dutch money (bruto-netto), 30% ruling')).toBe('dutch-calc-dutch-money-bruto-netto-30-ruling');
  });
});

describe.each(DOC_FILES)('%s', (file) => {
  const targets = links(readDoc(file)).filter(isRelative);

  it('links to files that exist, inside the repository', () => {
    for (const target of targets) {
      const path = decodeURIComponent(target.split('#')[0]);
      if (!path) continue;
      const abs = resolve(repoRoot, dirname(file), path);
      expect(relative(repoRoot, abs).startsWith('..'), `${file}: ${target} leaves the repository`).toBe(false);
      expect(existsSync(abs), `${file}: ${target} points at a file that does not exist`).toBe(true);
    }
  });

  it('links to anchors of headings that exist', () => {
    for (const target of targets.filter((t) => t.includes('#'))) {
      const [path, anchor] = target.split('#');
      const page = path ? join(dirname(file), decodeURIComponent(path)) : file;
      expect(page.endsWith('.md'), `${file}: ${target}: an anchor into a file that is not Markdown`).toBe(true);
      expect([...anchors(page)], `${file}: ${target}`).toContain(decodeURIComponent(anchor));
    }
  });
});

describe('the commands the README and docs/ show', () => {
  it('the sections test/readme-commands.test.ts runs exist and show commands', () => {
    for (const [file, heading] of TESTED_SECTIONS)
      expect(fencedBlocks(section(file, heading)).flatMap(commandsOf).length, `${file}: ${heading}`).toBeGreaterThan(0);
  });

  it('each is run by test/readme-commands.test.ts (in a tested section) or listed in NOT_RUN with why', () => {
    const tested = new Set(TESTED_SECTIONS.flatMap(([file, heading]) => fencedBlocks(section(file, heading)).flatMap(commandsOf)));
    const untested = shownCommands().filter(({ command }) => !tested.has(command) && !(command in NOT_RUN));
    expect(
      untested,
      'add a test to test/readme-commands.test.ts, or list the command in NOT_RUN (test/helpers/docs.ts) with why no test can run it',
    ).toEqual([]);
  });

  it('NOT_RUN lists only commands still shown', () => {
    const shown = new Set(shownCommands().map(({ command }) => command));
    expect(Object.keys(NOT_RUN).filter((c) => !shown.has(c))).toEqual([]);
  });
});
