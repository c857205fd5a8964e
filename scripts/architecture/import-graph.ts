import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The repository's root (this file sits in scripts/architecture/). */
export const root = resolve(import.meta.dirname, '../..');

/** A workspace package: its npm name, its folder (from the root) and the workspaces it declares. */
export interface Workspace {
  name: string;
  dir: string;
  declared: Set<string>;
}

/** One import of one source file: the file (from the root) and the specifier as written. */
export interface SourceImport {
  file: string;
  specifier: string;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'coverage']);

/** Every workspace of the root package.json (`apps/*`, `packages/*`). */
export function readWorkspaces(): Workspace[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.flatMap((pattern) => {
    const parent = pattern.replace(/\/\*$/, '');
    return readdirSync(join(root, parent))
      .map((folder) => join(parent, folder))
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
      .map((dir) => {
        const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
          name: string;
          dependencies?: Record<string, string>;
          devDependencies?: Record<string, string>;
          peerDependencies?: Record<string, string>;
        };
        const all = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies };
        return { name: pkg.name, dir, declared: new Set(Object.keys(all)) };
      });
  });
}

/** Every source file under a folder (from the root), build output and dependencies left out. */
export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder))) {
      const path = join(folder, entry);
      if (statSync(join(root, path)).isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry)) walk(path);
      } else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

/** What a file imports: static and dynamic imports, re-exports, type-only imports included. */
export function importsOf(file: string): SourceImport[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return info.importedFiles.map(({ fileName }) => ({ file, specifier: fileName }));
}

/** The workspace name of a bare specifier (`@parley/kit/links` → `@parley/kit`), if it is one. */
export function workspaceOf(specifier: string, names: Set<string>): string | undefined {
  const [scope, name] = specifier.split('/');
  const candidate = scope?.startsWith('@') ? `${scope}/${name}` : scope;
  return candidate && names.has(candidate) ? candidate : undefined;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The file (from the root) a relative specifier of `from` points at, or undefined. */
export function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    const absolute = join(root, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return relative(root, absolute);
  }
  return undefined;
}

/**
 * The cycles of a directed graph, one per strongly connected part that has one, each as the path
 * that closes it (`a → b → a`). Depth-first, so the path shown is a real chain of imports.
 */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
