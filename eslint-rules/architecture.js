// ESLint rules for the API's layers that an import rule cannot express (README, "Layout").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** `…/apps/api/src/modules/<name>/…` → `<name>`; undefined outside a module folder. */
function moduleOf(file) {
  const match = /[/\\]apps[/\\]api[/\\]src[/\\]modules[/\\]([^/\\]+)[/\\]/.exec(file);
  return match?.[1];
}

/** The file a relative import names (imports in this repository carry their extension). */
function resolveRelative(fromFile, spec) {
  return spec.startsWith('.') ? path.resolve(path.dirname(fromFile), spec) : undefined;
}

const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * A table is written only by the module that owns it: `db.insert(t)`, `tx.update(t)` and
 * `tx.delete(t)` are refused where `t` was imported from another module's `schema.ts` (and
 * anywhere outside `modules/`, since use cases, views and routes call services to change data).
 * Reading another module's table (a join) stays allowed.
 */
const noForeignTableWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the module that owns a table writes it (through its service).' },
    messages: {
      foreign:
        "'{{table}}' belongs to the {{owner}} module: call its service to change it ({{action}} from {{where}}).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = moduleOf(file);
    /** Local name → owning module, for tables imported from a module's schema.ts. */
    const tables = new Map();
    return {
      ImportDeclaration(node) {
        const target = resolveRelative(file, String(node.source.value));
        if (!target || path.basename(target) !== 'schema.ts') return;
        const owner = moduleOf(target);
        if (!owner) return;
        for (const specifier of node.specifiers)
          if (specifier.type === 'ImportSpecifier') tables.set(specifier.local.name, owner);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const action = callee.property.name;
        if (!WRITES.has(action)) return;
        const [first] = node.arguments;
        if (first?.type !== 'Identifier') return;
        const owner = tables.get(first.name);
        if (!owner || owner === here) return;
        context.report({
          node,
          messageId: 'foreign',
          data: { table: first.name, owner, action, where: here ? `the ${here} module` : 'outside modules/' },
        });
      },
    };
  },
};

/** The module folders each module folder imports (relative imports only), read once per lint run. */
let moduleGraph;
function readModuleGraph(modulesDir) {
  if (moduleGraph?.dir === modulesDir) return moduleGraph.edges;
  const edges = new Map();
  const walk = (dir, owner) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full, owner);
      else if (/\.(ts|tsx|mts)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
        const text = readFileSync(full, 'utf8');
        for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
          const other = moduleOf(path.resolve(path.dirname(full), match[1]));
          if (other && other !== owner) {
            if (!edges.has(owner)) edges.set(owner, new Set());
            edges.get(owner).add(other);
          }
        }
      }
    }
  };
  for (const name of readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (statSync(dir).isDirectory()) walk(dir, name);
  }
  moduleGraph = { dir: modulesDir, edges };
  return edges;
}

/**
 * No two module folders import each other, even through different files (`import-x/no-cycle`
 * sees loops of files only): modules stand side by side, and what needs two of them is a use
 * case or a view above both.
 */
const moduleFoldersAcyclic = {
  meta: {
    type: 'problem',
    docs: { description: 'No two module folders import each other.' },
    messages: {
      mutual:
        'The {{here}} and {{other}} modules import each other: move what needs both into a use case or a view.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = moduleOf(file);
    if (!here) return {};
    const modulesDir = file.slice(0, file.search(/[/\\]modules[/\\]/) + '/modules'.length);
    const check = (node, spec) => {
      const target = resolveRelative(file, spec);
      const other = target && moduleOf(target);
      if (!other || other === here) return;
      if (readModuleGraph(modulesDir).get(other)?.has(here))
        context.report({ node, messageId: 'mutual', data: { here, other } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, String(node.source.value)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, String(node.source.value)),
      ExportAllDeclaration: (node) => check(node.source, String(node.source.value)),
    };
  },
};

/**
 * The HTTP layer calls use cases and views, never a module's service: a route that changed a
 * table through a service would be a second way to that change beside the use case the pages
 * call. It may name a module's types (`import type`).
 */
const httpCallsUseCasesAndViews = {
  meta: {
    type: 'problem',
    docs: { description: 'HTTP code imports only types from modules/.' },
    messages: {
      service:
        "The HTTP layer calls a use case or a view, not the {{module}} module's code: move the call below, or import only its types.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!/[/\\]apps[/\\]api[/\\]src[/\\]http[/\\]/.test(file)) return {};
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const target = resolveRelative(file, String(node.source.value));
        const owner = target && moduleOf(target);
        if (!owner) return;
        const values = node.specifiers.filter(
          (specifier) => !(specifier.type === 'ImportSpecifier' && specifier.importKind === 'type'),
        );
        if (values.length > 0 || node.specifiers.length === 0)
          context.report({ node: node.source, messageId: 'service', data: { module: owner } });
      },
    };
  },
};

export default {
  meta: { name: 'shop-architecture' },
  rules: {
    'http-calls-use-cases-and-views': httpCallsUseCasesAndViews,
    'no-foreign-table-writes': noForeignTableWrites,
    'module-folders-acyclic': moduleFoldersAcyclic,
  },
};
