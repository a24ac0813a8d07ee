#!/usr/bin/env node
/**
 * The size rule for the platform: no function in src/ over 100 lines, no file over 500. A long function hides
 * several steps that want names; a long file, several concerns. Run by `npm run lint` (and so by CI).
 *
 * Counts physical lines from a function's first line to its last, nested functions included (a function that
 * holds a long callback is long). Browser modules under src/web/client count like any other source.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const MAX_FUNCTION_LINES = 100;
const MAX_FILE_LINES = 500;
const root = join(import.meta.dirname, '..');

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

function functionName(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

function longFunctions(path) {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES)
        found.push(`${relative(root, path)}:${first + 1} ${functionName(node, source)}: ${lines} lines (max ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (fileLines > MAX_FILE_LINES) found.push(`${relative(root, path)}: ${fileLines} lines (max ${MAX_FILE_LINES})`);
  return found;
}

const problems = [...sourceFiles(join(root, 'src'))].flatMap(longFunctions);
if (problems.length > 0) {
  console.error(`check-sizes: ${problems.length} over the limit\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-sizes: every function in src/ within 100 lines, every file within 500');
