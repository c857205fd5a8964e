// Shared by `npm start` and `npm test`; only Node built-ins, since it runs before any install (and
// before the Node.js Parley needs is there: see ensureNodeRuntime).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Node.js Parley runs on. A system Node that is older (Debian's, say) is left alone: this one
 * comes from the npm registry's `node` package (it carries the platform's binary) into
 * .node-runtime/, and the script runs again on it, with it first on PATH for everything it starts.
 */
export const NODE_RUNTIME = { major: 24, version: '24.21.0' };

/**
 * Makes sure the calling script runs on Node NODE_RUNTIME.major or newer: returns at once when it
 * does; otherwise installs the runtime when missing, runs the script again on it and never returns
 * (this process ends with it, passing on signals).
 */
export async function ensureNodeRuntime() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_RUNTIME.major) return;
  const prefix = join(root, '.node-runtime');
  const bin = join(prefix, 'node_modules', '.bin');
  const node = join(bin, 'node');
  const installed = existsSync(node) && spawnSync(node, ['--version']).stdout?.toString().trim();
  if (installed !== `v${NODE_RUNTIME.version}`) {
    console.log(
      `› Installing Node.js ${NODE_RUNTIME.version} from the npm registry (this machine has ${process.version})…`,
    );
    run('npm', [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node@${NODE_RUNTIME.version}`,
    ]);
  }
  const child = spawn(node, process.argv.slice(1), {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  await new Promise(() => {
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command in the repository, inheriting the terminal; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** The lock file and every workspace's package.json: when one changes, dependencies are reinstalled. */
function manifestHash() {
  const hash = createHash('sha256');
  const workspaces = ['apps', 'packages'].flatMap((dir) =>
    readdirSync(join(root, dir)).map((name) => `${dir}/${name}/package.json`),
  );
  for (const file of ['package-lock.json', 'package.json', ...workspaces.sort()]) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** Installs dependencies when node_modules is missing or older than the manifests. */
export function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.parley-install-stamp');
  const wanted = manifestHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('› Installing dependencies…');
  // Not `npm ci`: it insists on lock entries for every platform's optional binaries, and the
  // registry mirror serves only some platforms. `npm install` still follows the lock file.
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, wanted);
}

/**
 * Bundles a TypeScript entry as the server is built (workspace code inlined, npm packages left to
 * node_modules) into `outfile`, an ES module Node runs. Benches and the demo script run this way.
 */
export async function bundleTypeScript(entry, outfile) {
  // Imported here, not above: this file runs before dependencies are installed.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/** Installs Debian packages with apt-get (through sudo unless running as root). */
export function installDebianPackages(names) {
  console.log(`› Installing ${names.join(', ')} from Debian packages…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    run(sudo.length ? 'sudo' : 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', ...names]);
}

/** Where Debian's nginx lives; `npm run cluster` and the scale tests put it in front of Parley. */
export const NGINX = '/usr/sbin/nginx';

export function build() {
  console.log('› Building…');
  run('npm', ['run', 'build']);
}
