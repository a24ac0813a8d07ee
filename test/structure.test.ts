/**
 * The house rules: the folder is the toolset, every tool file is a tool named after
 * its file, tests sit where the tool is, there are no import loops, the domain
 * never imports a transport, the platform reaches tools only through their
 * generated index, and the scaffold writes a tool that works.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import madge from 'madge';
import { allToolsets, toolFiles } from '../tools/index.js';
import { placeTool } from '../src/core/toolset.js';
import { repoRoot } from './helpers/paths.js';
import { runTool } from './helpers/run.js';

describe('the folder is the toolset', () => {
  it('every tools/<toolset>/<slug>.ts is listed, and every toolset folder has a toolset.ts', () => {
    const folders = readdirSync(join(repoRoot, 'tools'), { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_'));
    expect(allToolsets.map((t) => t.name).sort()).toEqual(folders.map((d) => d.name).sort());
    for (const { name } of folders) {
      const files = readdirSync(join(repoRoot, 'tools', name)).filter((f) => f.endsWith('.ts') && !f.startsWith('_') && f !== 'toolset.ts');
      expect(
        toolFiles
          .filter((t) => t.toolset === name)
          .map((t) => `${t.file}.ts`)
          .sort(),
        name,
      ).toEqual(files.sort());
    }
  });

  it('a file must declare the slug it is named after', () => {
    expect(() => placeTool('text', 'word-count', { slug: 'word-counter' } as never)).toThrow(
      /must default-export defineTool\(\{ slug: 'word-count'/,
    );
  });

  it('every tool has its own test file at test/tools/<toolset>/<slug>.test.ts', () => {
    const missing = toolFiles
      .filter((t) => !existsSync(join(repoRoot, 'test', 'tools', t.toolset, `${t.file}.test.ts`)))
      .map((t) => `${t.toolset}/${t.file}`);
    expect(missing).toEqual([]);
  });
});

describe('imports', () => {
  let built: ReturnType<typeof madge> | undefined;
  const importGraph = () =>
    (built ??= madge([join(repoRoot, 'src'), join(repoRoot, 'tools')], {
      fileExtensions: ['ts'],
      tsConfig: join(repoRoot, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: false } },
    }));

  it('have no loops, and the domain (core, accounts, store, memory service, tools) imports no transport', async () => {
    const graph = await importGraph();
    expect(graph.circular()).toEqual([]);
    const deps = graph.obj();
    const transport = /^src\/(http|mcp)\/|^src\/(server|stdio|cli)\.ts$/;
    const domain = /^src\/(core|accounts|store)\/|^src\/memory\/service\.ts$|^tools\//;
    const offenders = Object.entries(deps).flatMap(([file, imports]) =>
      domain.test(rel(file)) ? imports.filter((i) => transport.test(rel(i))).map((i) => `${rel(file)} → ${rel(i)}`) : [],
    );
    expect(offenders).toEqual([]);
  }, 120_000);

  it('from the platform (src/) reach into tools/ only through the generated tools/index.ts', async () => {
    const deps = (await importGraph()).obj();
    const offenders = Object.entries(deps).flatMap(([file, imports]) =>
      rel(file).startsWith('src/')
        ? imports.filter((i) => rel(i).startsWith('tools/') && rel(i) !== 'tools/index.ts').map((i) => `${rel(file)} → ${rel(i)}`)
        : [],
    );
    expect(offenders).toEqual([]);
  }, 120_000);
});

function rel(file: string): string {
  return file.startsWith(repoRoot) ? file.slice(repoRoot.length + 1) : file.replace(/^\.\.\//, '');
}

describe('npm run new-tool', () => {
  it('writes a declaration and a test that work without touching anything else', async () => {
    const slug = `zz-scaffold-${process.pid}`;
    const tool = join(repoRoot, 'tools', 'text', `${slug}.ts`);
    const test = join(repoRoot, 'test', 'tools', 'text', `${slug}.test.ts`);
    try {
      // Keywords are asked for (a prompt on a terminal, else these flags); without them nothing is written.
      expect(() =>
        execFileSync(process.execPath, [join(repoRoot, 'scripts', 'new-tool.mjs'), 'text', slug], { cwd: repoRoot, stdio: 'pipe' }),
      ).toThrow(/keywords/);
      expect(existsSync(tool)).toBe(false);
      const keywords = ['--en', "echo, repeat, parrot's text", '--nl', 'herhalen, nazeggen'];
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'new-tool.mjs'), 'text', slug, ...keywords], {
        cwd: repoRoot,
        stdio: 'pipe',
      });
      expect(existsSync(tool) && existsSync(test)).toBe(true);
      const declaration = (await import(pathToFileURL(tool).href)).default;
      expect(declaration.keywords).toEqual({ en: ['echo', 'repeat', "parrot's text"], nl: ['herhalen', 'nazeggen'] });
      const placed = placeTool('text', slug, declaration);
      for (const ex of placed.examples) expect(await runTool(placed, ex.input)).toEqual(ex.output);
      expect(() =>
        execFileSync(process.execPath, [join(repoRoot, 'scripts', 'new-tool.mjs'), 'text', slug, ...keywords], {
          cwd: repoRoot,
          stdio: 'pipe',
        }),
      ).toThrow();
    } finally {
      rmSync(tool, { force: true });
      rmSync(test, { force: true });
    }
  });
});
