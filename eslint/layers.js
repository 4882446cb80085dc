/**
 * The project's layout, kept by lint (eslint.config.js): which folder may import which, and no import circles.
 * A small local plugin rather than a dependency: the rules are the few the folder READMEs state.
 *
 * - `common/` imports only `common/` (and packages): the server and the web app share it.
 * - A web feature (`web/src/features/<name>/`) never imports another feature; `web/src/components/` and
 *   `web/src/lib/` import no feature.
 * - The server's lower layers (`hn/`, `db/`, `http/`, `email/`, `jobs/`) do not import `server/modules/`, but for the
 *   files listed in `LOWER_LAYER_EXCEPTIONS` (eslint.config.js), which still call modules directly.
 * - No import circle among value imports (`import type` is erased, so it cannot form one at run time).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_FOLDERS = ['server', 'common', 'web/src', 'web/sw', 'tools', 'bench', 'scripts', 'e2e', 'test'];
const LOWER_LAYERS = ['server/hn/', 'server/db/', 'server/http/', 'server/email/', 'server/jobs/'];

/** The repository-relative path an import names, or null for a package. */
function resolveImport(fromFile, specifier) {
  let target;
  if (specifier.startsWith('@/')) target = path.join(ROOT, 'web/src', specifier.slice(2));
  else if (specifier.startsWith('#common/')) target = path.join(ROOT, 'common', specifier.slice('#common/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(ROOT, candidate).split(path.sep).join('/');
  }
  return path.relative(ROOT, target).split(path.sep).join('/');
}

const featureOf = (file) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Why `file` may not import `target`, or null when it may. */
function layerViolation(file, target) {
  if (file.startsWith('common/') && !target.startsWith('common/')) return 'common/ imports only common/: the server and the web app share it';
  const feature = featureOf(file);
  const targetFeature = featureOf(target);
  if (feature && targetFeature && feature !== targetFeature) {
    return `a web feature never imports another (${feature} → ${targetFeature}): move what both need to components/ or lib/`;
  }
  if (/^web\/src\/(components|lib)\//.test(file) && targetFeature) return 'components/ and lib/ import no feature';
  if (LOWER_LAYERS.some((layer) => file.startsWith(layer)) && target.startsWith('server/modules/')) {
    return "a lower server layer does not import server/modules/: pass the module's function in";
  }
  return null;
}

/** Every value import of the project's sources, as a graph of repository-relative paths, read once per lint run. */
let graph = null;
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
function importGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name)) {
        const file = path.relative(ROOT, full).split(path.sep).join('/');
        const targets = [];
        for (const match of readFileSync(full, 'utf8').matchAll(IMPORT)) {
          if (match[1]) continue;
          const target = resolveImport(full, match[2]);
          if (target) targets.push(target);
        }
        graph.set(file, targets);
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(path.join(ROOT, folder));
  return graph;
}

/** Whether `from` reaches `to` through value imports. */
function reaches(from, to) {
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    for (const next of importGraph().get(stack.pop()) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return false;
}

function importsOf(context, check) {
  const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
  const visit = (node, source, typeOnly) => {
    if (typeof source !== 'string') return;
    const target = resolveImport(context.filename, source);
    if (target) check({ node, file, target, typeOnly });
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source.value, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => node.source && visit(node, node.source.value, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => visit(node, node.source.value, node.exportKind === 'type'),
    ImportExpression: (node) => node.source.type === 'Literal' && visit(node, node.source.value, false),
  };
}

export default {
  rules: {
    'layers': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return importsOf(context, ({ node, file, target }) => {
          const why = layerViolation(file, target);
          if (why) context.report({ node, message: `${file} may not import ${target}: ${why}` });
        });
      },
    },
    'no-import-cycle': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return importsOf(context, ({ node, file, target, typeOnly }) => {
          if (!typeOnly && reaches(target, file)) context.report({ node, message: `${file} and ${target} import each other (an import circle)` });
        });
      },
    },
  },
};
