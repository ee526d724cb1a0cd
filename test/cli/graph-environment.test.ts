import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GraphFile } from '../../shared/domain';
import { tempDir } from '../helpers/temp';
import { SHOPPING_CART_FILE, shoppingCart } from '../helpers/shopping-cart';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('a graph’s environment on the command line', () => {
  it('comes in with a Trellis graph file, goes out with graph export, and the tools list says which answer from it', () => {
    const workspace = path.join(tempDir(), 'cart.trellis');
    const imported = trellis('graph', 'import-tools', SHOPPING_CART_FILE, '--graph', 'Cart', '--workspace', workspace);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('Its environment came with it: the world its tools share.');

    const out = path.join(tempDir(), 'cart.trellis-graph.json');
    const exported = trellis('graph', 'export', '--graph', 'Cart', '--out', out, '--workspace', workspace);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toBe(
      `Wrote "Cart" to ${out}: 4 tools, with its environment (Trellis test fixture).\n` +
        '  add_item  (environment)\n  remove_item  (environment)\n  view_cart  (environment)\n  checkout  (environment)\n',
    );
    const file = GraphFile.parse(JSON.parse(fs.readFileSync(out, 'utf8')));
    const original = shoppingCart();
    expect(file.environment).toEqual(original.environment);
    expect(file.tools.map((t) => [t.name, t.runtime])).toEqual(original.tools.map((t) => [t.name, t.runtime]));

    // Into a graph that has an environment already: the tools come, the graph's own world stays.
    const again = trellis('graph', 'import-tools', out, '--graph', 'Cart', '--workspace', workspace);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('The graph has an environment already: it was kept, and the file’s was not used.');
  });
});
