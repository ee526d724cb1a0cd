import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Anchored (`/http`): a bare module name, not a file of ours with that name (`./http`).
const nodeBuiltins = [
  'node:*',
  '/fs',
  '/path',
  '/os',
  '/child_process',
  '/crypto',
  '/http',
  '/net',
  '/url',
  '/events',
  '/util',
  '/stream',
];

/** Only the store factory imports zustand: every store is made there, so the selector rule finds it. */
const ZUSTAND_PATTERN = {
  group: ['zustand', 'zustand/*'],
  message:
    'Only renderer/src/state/create-store.ts imports zustand: make a store with its createStore, read it with a selector (useShallow comes from there too).',
};

/** What no renderer file may import: Node, Electron, any code outside renderer/ and shared/, zustand. */
const RENDERER_PATTERNS = [
  {
    group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'ws'],
    message: 'The renderer cannot use Node or Electron; call the API.',
  },
  {
    group: ['**/electron/**', '**/backend/**', '**/backend', '**/web/**', '**/cli/**'],
    message: 'The renderer talks to the backend only through shared/contract.',
  },
  ZUSTAND_PATTERN,
];

const SHARED_UI_PATTERN = {
  group: ['**/workspaces/**'],
  message: 'Shared UI code does not import a workspace; the workspace imports it.',
};

/**
 * The current graph has one home (renderer/src/state/current-graph.ts) that every workspace reads,
 * and one writer: the Graph workspace, whose selection it is.
 */
const CURRENT_GRAPH_WRITER = {
  regex: '(^|/)current-graph$',
  importNames: ['setCurrentGraph'],
  message:
    'Only the Graph workspace changes the current graph: read it with useCurrentGraph(), or send the user to a graph with openIn.',
};

/** What no shared/ file may import: Node, the DOM's frameworks, or any code of ours outside shared/. */
const SHARED_PURE_PATTERNS = [
  {
    group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'react', 'react-dom'],
    message: 'shared/ must run anywhere.',
  },
  {
    group: ['**/electron/**', '**/renderer/**', '**/backend/**', '**/backend', '**/web/**', '**/cli/**'],
    message: 'shared/ depends on nothing of ours.',
  },
];

/**
 * shared/'s layers, the bottom first: a folder (or top-level file) imports only its own layer and
 * the layers under it. Folders of one layer import each other one way only
 * (test/architecture/shared-layers.test.ts finds a loop, and a folder that has no layer).
 */
export const SHARED_LAYERS = [
  // Plain values and their helpers: JSON, text, numbers and dates in text, errors, JSON schemas.
  { layer: 'base', units: ['errors', 'json', 'random', 'text', 'text-values', 'json-schema'] },
  // A tool's runtime kinds: the domain's Tool is made of their schemas, so they sit under it.
  { layer: 'runtime kinds', units: ['runtimes'] },
  // The domain's types (graphs, trajectories, plans, datasets) and the problem every check reports.
  { layer: 'domain', units: ['domain'] },
  // Pure logic over the domain.
  {
    layer: 'domain logic',
    units: ['compare', 'graph', 'plans', 'runs', 'synth', 'recordings', 'curation', 'experiments', 'environments'],
  },
  // Converters between Trellis's types and other tools' files.
  { layer: 'formats', units: ['formats'] },
  // Checkers of graphs, plans, trajectories and exported records.
  { layer: 'checks', units: ['checks'] },
  // Scores, some read from the checks' findings.
  { layer: 'metrics', units: ['metrics'] },
  // The API: every method's arguments and result.
  { layer: 'contract', units: ['contract'] },
];

const TOP_LEVEL_FILES = new Set(['errors', 'json', 'random', 'text']);

/**
 * One block per layer (each replaces the whole list of shared/'s import rules for its files): an
 * import that climbs to a folder of a layer above fails. A top-level file reaches a folder by
 * `./`, a file in a folder by `../` (its own `./` names a sibling, which may share a folder's name).
 */
function sharedLayerBlocks() {
  return SHARED_LAYERS.flatMap(({ layer, units }, index) => {
    const above = SHARED_LAYERS.slice(index + 1).flatMap((upper) => upper.units);
    if (!above.length) return [];
    const upper = SHARED_LAYERS.slice(index + 1).map((upper) => upper.layer);
    const message = `shared/'s ${layer} layer does not import a layer above it (${upper.join(', ')}): move what both need down, or this code up.`;
    const names = above.join('|');
    const rule = (prefix) => ({
      'no-restricted-imports': [
        'error',
        { patterns: [...SHARED_PURE_PATTERNS, { regex: `^${prefix}(${names})(/|$)`, message }] },
      ],
    });
    const files = units.filter((unit) => TOP_LEVEL_FILES.has(unit));
    const folders = units.filter((unit) => !TOP_LEVEL_FILES.has(unit));
    return [
      ...(files.length ? [{ files: files.map((unit) => `shared/${unit}.ts`), rules: rule('\\./') }] : []),
      ...(folders.length
        ? [{ files: folders.map((unit) => `shared/${unit}/**/*.ts`), rules: rule('(\\.\\./)+') }]
        : []),
    ];
  });
}

const SHELL_MESSAGE =
  'A shell imports only the backend entry (backend/index.ts) and shared/: add what it needs to the entry.';

const NO_EVAL = { selector: "CallExpression[callee.name='eval']", message: 'No eval.' };

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The UI's stores: every hook made by createStore (renderer/src/state/create-store.ts), found by
 * how it is made (`const useThing = createStore…`; the rule below allows no other way).
 */
export const STORE_HOOKS = sourceFiles(path.join(import.meta.dirname, 'renderer/src'))
  .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\bconst (use[A-Z]\w*)\s*=\s*createStore\b/g)])
  .map((match) => match[1])
  .sort();

/**
 * The UI's workspaces: the folders of renderer/src/workspaces, each one workspace (the registry
 * test checks that they are the ids of state/workspace-ids.ts).
 */
export const WORKSPACES = fs
  .readdirSync(path.join(import.meta.dirname, 'renderer/src/workspaces'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'build/**', '.gpu/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NO_EVAL],
    },
  },
  {
    // The UI speaks only the contract: no Node, no Electron, no database.
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: RENDERER_PATTERNS,
        },
      ],
      'no-restricted-syntax': [
        'error',
        NO_EVAL,
        {
          // A store read without a selector re-renders its component on every change of the store.
          selector: `CallExpression[callee.name=/^(${STORE_HOOKS.join('|')})$/][arguments.length=0]`,
          message: 'Read a Zustand store through a selector (a module-level one with useShallow for several fields).',
        },
        {
          // STORE_HOOKS finds a store by this shape; a store made any other way would escape the rule above.
          selector:
            "CallExpression[callee.name='createStore']:not(VariableDeclarator[id.name=/^use[A-Z]/] > CallExpression)",
          message: 'A store is a hook made once at module level: `const useThing = createStore(…)`.',
        },
      ],
    },
  },
  {
    // shared/ holds the contract and domain types: no Node, no DOM, no backend.
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SHARED_PURE_PATTERNS }] },
  },
  ...sharedLayerBlocks(),
  // Architecture boundaries (see README "Layout"). Each block below replaces the whole
  // no-restricted-imports list for its files, so each names every rule for them.
  {
    // Shells: the Electron shell, the web host and the command line use the backend's entry
    // (backend/index.ts) and the contract, never a domain, the store or the model directly.
    files: ['electron/**/*.ts', 'web/**/*.ts', 'cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/backend/*', '**/backend/*/**', '!**/backend/index'], message: SHELL_MESSAGE },
            { group: ['**/renderer/**'], message: 'A shell serves the built UI; it does not import its code.' },
          ],
        },
      ],
    },
  },
  {
    // Only the Electron shell may use Electron; the web host and the CLI stay plain Node.
    files: ['web/**/*.ts', 'cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only the Electron shell (electron/) uses Electron.' }],
          patterns: [
            { group: ['**/backend/*', '**/backend/*/**', '!**/backend/index'], message: SHELL_MESSAGE },
            {
              group: ['**/renderer/**', '**/electron/**'],
              message:
                'Shells stand side by side: none imports another (except `trellis serve` starting the web host).',
            },
          ],
        },
      ],
    },
  },
  {
    // The backend: shared by the three shells, so it imports none of them; a domain uses the
    // shared services (store, model, executor, checks, jobs) and never another domain's handlers.
    files: ['backend/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'The backend runs under plain Node too (web host, CLI); Electron belongs to electron/.',
            },
          ],
          patterns: [
            {
              group: ['**/electron/**', '**/web/**', '**/cli/**', '**/renderer/**'],
              message: 'The backend imports no shell and no UI.',
            },
            {
              group: ['../**/handlers', '!./handlers'],
              message: "A domain does not call another domain's handlers: move what both need into a service.",
            },
          ],
        },
      ],
    },
  },
  {
    // Only the store touches the database connection: everything else goes through its
    // repositories and its unit of work (store.transaction). This list replaces the default one.
    files: ['backend/**/*.ts'],
    ignores: ['backend/store/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_EVAL,
        {
          selector: "MemberExpression[property.name='db']",
          message:
            'Only backend/store/ uses the database connection: call a repository, or store.transaction(() => …) for a unit of work.',
        },
      ],
    },
  },
  {
    // What the workspaces share (components, state, commands, api) knows none of them.
    files: ['renderer/src/{components,state,commands,api}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...RENDERER_PATTERNS, SHARED_UI_PATTERN, CURRENT_GRAPH_WRITER],
        },
      ],
    },
  },
  {
    // The store factory: the one file that imports zustand.
    files: ['renderer/src/state/create-store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...RENDERER_PATTERNS.filter((pattern) => pattern !== ZUSTAND_PATTERN), SHARED_UI_PATTERN] },
      ],
    },
  },
  ...WORKSPACES.map((workspace) => ({
    // A workspace of the UI does not import another: what two share lives in components/ or state/.
    files: [`renderer/src/workspaces/${workspace}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...RENDERER_PATTERNS,
            {
              // Its state too: one workspace sends the user to another with useUi().openIn.
              regex: `^(\\.\\./)+(workspaces/)?(${WORKSPACES.filter((w) => w !== workspace).join('|')})(/|$)`,
              message:
                'Workspaces do not import each other (state included): move what they share to components/ or state/, or send the user there with openIn.',
            },
            {
              regex: '^(\\.\\./)+registry$',
              message: 'Only the shell reads the workspace registry; a workspace is one entry of it.',
            },
            ...(workspace === 'graph' ? [] : [CURRENT_GRAPH_WRITER]),
            {
              group: ['**/components/Panels'],
              importNames: ['SplitLayout', 'SplitPanel', 'ResizeHandle'],
              message:
                'A workspace lays out its panes with the shared workbench (components/Workbench.tsx: Workbench, WorkbenchStack), not by hand.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.cjs', 'bin/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        performance: 'readonly',
        // Benchmarks also pass functions to the page they drive.
        window: 'readonly',
        requestAnimationFrame: 'readonly',
      },
    },
  },
);
