/**
 * Lists the server modules that have no tests, by the convention test/README.md writes down: a module's tests are
 * unit tests beside its code (server/modules/<name>/*.test.ts), API tests in test/<name>.test.ts or
 * test/<name>-<aspect>.test.ts, security tests in test/security/<name>.test.ts, or a test file of a surface several
 * modules share that names them in its opening comment ("Modules: bookmarks, watches").
 *
 * `npm run modules:untested` prints them and fails when there is one; server/modules/index.test.ts runs it too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MARKER = /^\s*(?:\*|\/\/)\s*Modules:\s*(.+?)\s*(?:\*\/)?$/m;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'support' || entry.name === 'fixtures' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The modules named by a test file: by its name, and by its opening comment's "Modules:" line. */
function modulesNamedBy(file: string, modules: readonly string[]): string[] {
  const base = path.basename(file, '.test.ts');
  const byName = modules.filter((name) => base === name || base.startsWith(`${name}-`));
  const opening = readFileSync(file, 'utf8').split('\n').slice(0, 40).join('\n');
  const byMarker = opening.match(MARKER)?.[1]?.split(',').map((name) => name.trim()) ?? [];
  const unknown = byMarker.filter((name) => !modules.includes(name));
  if (unknown.length > 0) throw new Error(`${path.relative(ROOT, file)} names modules that do not exist: ${unknown.join(', ')}`);
  return [...byName, ...byMarker];
}

export function untestedModules(root = ROOT): string[] {
  const modulesDir = path.join(root, 'server/modules');
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const tested = new Set<string>();
  for (const name of modules) {
    if (readdirSync(path.join(modulesDir, name)).some((file) => file.endsWith('.test.ts'))) tested.add(name);
  }
  const testDir = path.join(root, 'test');
  if (existsSync(testDir)) for (const file of testFiles(testDir)) for (const name of modulesNamedBy(file, modules)) tested.add(name);
  return modules.filter((name) => !tested.has(name)).sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const untested = untestedModules();
  if (untested.length === 0) console.log('Every server module has tests.');
  else {
    console.log(`Server modules without tests (${untested.length}):\n${untested.map((name) => `  ${name}`).join('\n')}`);
    process.exitCode = 1;
  }
}
