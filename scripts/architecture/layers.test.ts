import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findCycles,
  importsOf,
  readWorkspaces,
  resolveRelative,
  type SourceImport,
  sourceFiles,
  workspaceOf,
} from './import-graph';
import { ACYCLIC_FOLDERS, LAYERS } from './layers';

const workspaces = readWorkspaces();
const names = new Set(workspaces.map((workspace) => workspace.name));
const rank = new Map<string, number>(LAYERS.map((name, index) => [name, index]));
const line = LAYERS.map((name) => name.replace('@parley/', '')).join(' → ');

/** Every import of another workspace, by the workspace whose file makes it. */
const crossImports = new Map(
  workspaces.map((workspace) => [
    workspace.name,
    sourceFiles(workspace.dir).flatMap((file) =>
      importsOf(file).flatMap((found) => {
        const target = workspaceOf(found.specifier, names);
        return target && target !== workspace.name ? [{ ...found, target }] : [];
      }),
    ),
  ]),
);

const describeImport = ({ file, specifier }: SourceImport) => `${file} imports '${specifier}'`;

describe('the workspaces stand in one line of layers', () => {
  it('gives every workspace its place in the line', () => {
    const unplaced = [...names].filter((name) => !rank.has(name));
    expect(unplaced, `add these to LAYERS in scripts/architecture/layers.ts`).toEqual([]);
  });

  it('imports only workspaces below the importer', () => {
    const upward = [...crossImports].flatMap(([name, found]) =>
      found
        .filter((entry) => (rank.get(entry.target) ?? -1) >= (rank.get(name) ?? -1))
        .map(
          (entry) =>
            `${describeImport(entry)}, but ${entry.target} does not sit below ${name} (${line}): move what both need down the line`,
        ),
    );
    expect(upward).toEqual([]);
  });

  it('declares every workspace it imports in its package.json, and only those', () => {
    const problems = workspaces.flatMap((workspace) => {
      const found = crossImports.get(workspace.name) ?? [];
      const imported = new Set(found.map((entry) => entry.target));
      const undeclared = found
        .filter((entry) => !workspace.declared.has(entry.target))
        .map((entry) => `${describeImport(entry)}, not declared in ${workspace.dir}/package.json`);
      const unused = [...workspace.declared]
        .filter((name) => names.has(name) && !imported.has(name))
        .map((name) => `${workspace.dir}/package.json declares ${name}, which it never imports`);
      return [...undeclared, ...unused];
    });
    expect(problems).toEqual([]);
  });

  it('never reaches into another workspace by a relative path', () => {
    const escaping = workspaces.flatMap((workspace) =>
      sourceFiles(workspace.dir).flatMap((file) =>
        importsOf(file)
          .filter((found) => {
            const target = resolveRelative(file, found.specifier);
            return target !== undefined && relative(workspace.dir, target).startsWith('..');
          })
          .map((found) => `${describeImport(found)}, outside ${workspace.dir}: import its package instead`),
      ),
    );
    expect(escaping).toEqual([]);
  });
});

describe('the import graph has no cycle', () => {
  it('between workspaces', () => {
    const graph = new Map(
      [...crossImports].map(([name, found]) => [name, [...new Set(found.map((entry) => entry.target))]]),
    );
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it.each(ACYCLIC_FOLDERS)('between the files of %s', (folder) => {
    const graph = new Map(
      sourceFiles(folder).map((file) => [
        file,
        importsOf(file).flatMap((found) => resolveRelative(file, found.specifier) ?? []),
      ]),
    );
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
