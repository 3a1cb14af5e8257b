// The API's module map (docs/architecture.md): which module of apps/api/src/modules may use which.
// A module reaches another only through that module's public face, its index.ts, which re-exports
// what others may use and never a repository. The map must stay acyclic: it is checked when ESLint
// loads it, so dependencies point one way (bottom: modules that use none).
import path from 'node:path';

/** module → the modules it may import (through their index.ts). */
export const API_MODULE_MAP = {
  documents: [],
  mail: [],
  geo: [],
  health: [],
  audit: [],
  consents: [],
  backups: ['payments'],
  auth: ['audit', 'consents', 'geo', 'mail', 'pledges'],
  campaigns: ['audit'],
  challenges: ['audit', 'campaigns'],
  charities: ['audit', 'campaigns', 'challenges', 'documents', 'payments'],
  payments: ['audit'],
  pledges: ['campaigns', 'challenges', 'charities', 'documents', 'mail', 'payments'],
  billing: ['audit', 'consents', 'documents', 'mail', 'payments', 'pledges'],
  totals: ['campaigns', 'challenges', 'charities', 'payments'],
  'share-image': ['campaigns', 'challenge-pages', 'payments', 'totals'],
  summary: ['campaigns', 'payments', 'pledges'],
  account: ['auth', 'challenge-pages', 'consents', 'documents', 'gifts', 'mail', 'payments', 'pledges'],
  admin: ['audit', 'auth', 'campaigns', 'charities', 'documents', 'mail', 'payments'],
  system: ['auth', 'backups', 'billing', 'gifts', 'mail', 'payments'],
  'challenge-pages': ['audit', 'campaigns', 'challenges', 'charities', 'mail', 'payments', 'pledges'],
  gifts: ['audit', 'challenge-pages', 'consents', 'documents', 'mail', 'payments'],
  moderation: ['audit', 'challenge-pages', 'gifts', 'mail', 'payments'],
};

/** The first cycle in a dependency map, as a path (['a', 'b', 'a']), or undefined. */
export function findCycle(map) {
  const state = new Map();
  const stack = [];
  const visit = (name) => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'open') return [...stack.slice(stack.indexOf(name)), name];
    state.set(name, 'open');
    stack.push(name);
    for (const next of map[name] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(name, 'done');
    return undefined;
  };
  for (const name of Object.keys(map)) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return undefined;
}

const cycle = findCycle(API_MODULE_MAP);
if (cycle) throw new Error(`eslint/api-modules.js: the API module map has a cycle: ${cycle.join(' → ')}. Dependencies must point one way.`);

const EXEMPT = /(\.test\.ts|\.test-support\.ts|\.bench\.ts|\.type-test\.ts)$/;

/** Where a file sits: { module, rest } inside apps/api/src/modules, or { api: true } elsewhere in apps/api/src. */
function place(file, root) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const m = rel.match(/^apps\/api\/src\/modules\/([^/]+)\/(.+)$/);
  if (m) return { module: m[1], rest: m[2] };
  if (rel.startsWith('apps/api/src/')) return { api: true };
  return undefined;
}

/** @param {string} root the repository root */
export function apiModulesPlugin(root) {
  const boundaries = {
    meta: { type: 'problem', docs: { description: 'API modules depend one way, each through its public face.' }, schema: [] },
    create(context) {
      const file = context.filename;
      if (EXEMPT.test(file)) return {};
      const from = place(file, root);
      if (!from) return {};
      if (from.module && !(from.module in API_MODULE_MAP)) {
        return {
          Program(node) {
            context.report({ node, message: `Module "${from.module}" is not in the module map (eslint/api-modules.js): add it with the modules it may use, and to docs/architecture.md.` });
          },
        };
      }
      const check = (node, source, isReExport) => {
        if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
        const target = place(path.resolve(path.dirname(file), source.value), root);
        if (!target?.module) return;
        if (from.module === target.module) {
          if (isReExport && from.rest === 'index.ts' && /\.repository\.ts$/.test(target.rest)) {
            context.report({ node, message: `A module's index.ts must not re-export its repository (${target.rest}): expose a service function instead.` });
          }
          return;
        }
        if (target.rest !== 'index.ts') {
          context.report({
            node,
            message: `Reach module "${target.module}" through its public face (modules/${target.module}/index.ts), not ${target.module}/${target.rest}.`,
          });
          return;
        }
        if (from.module && !API_MODULE_MAP[from.module].includes(target.module)) {
          const allowed = API_MODULE_MAP[from.module];
          context.report({
            node,
            message:
              `Module "${from.module}" may not use "${target.module}" (eslint/api-modules.js allows: ${allowed.length ? allowed.join(', ') : 'none'}). ` +
              (API_MODULE_MAP[target.module]?.includes(from.module)
                ? `"${target.module}" already uses "${from.module}": importing back would make a cycle.`
                : 'Add the dependency to the map only if it keeps the map acyclic.'),
          });
        }
      };
      return {
        ImportDeclaration: (node) => check(node, node.source, false),
        ExportNamedDeclaration: (node) => check(node, node.source, true),
        ExportAllDeclaration: (node) => check(node, node.source, true),
        ImportExpression: (node) => check(node, node.source, false),
      };
    },
  };
  return { rules: { boundaries } };
}
