import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonTree } from '../../../renderer/src/components/JsonTree';
import { StateChanges } from '../../../renderer/src/components/StateChanges';
import { GoalVerdictNote, WorldView } from '../../../renderer/src/components/WorldView';
import { diffStates } from '../../../shared/environments/state-diff';

/** A file system's state of about 60 KB: two thousand files. */
const files = () => ({ cwd: '/home', files: Array.from({ length: 2000 }, (_, i) => ({ name: `f${i}.txt`, size: i })) });

describe('the world around a call, as the debugger shows it', () => {
  it('lists what changed in a 50 KB state first and draws neither whole state until asked', () => {
    const before = files();
    const after = files();
    after.files[1234]!.size = -1;
    expect(JSON.stringify(before).length).toBeGreaterThan(50_000);
    const html = renderToStaticMarkup(createElement(WorldView, { world: { before, after }, label: 'World at turn 2' }));
    expect(html).toContain('1 changed');
    expect(html).toContain('files[1234].size');
    expect(html).toMatch(/1234<\/code> → <code[^>]*>-1/);
    expect(html).not.toContain('f1999.txt');
    expect(html.length).toBeLessThan(3_000);
  });

  it('says when the state before is not known', () => {
    const html = renderToStaticMarkup(
      createElement(WorldView, { world: { before: undefined, after: { a: 1 } }, label: 'World at turn 2' }),
    );
    expect(html).toContain('The state before this call is not known');
    expect(html).not.toContain('State before');
  });

  it('shows the first fifty of many changes, and offers the rest', () => {
    const before = { n: Array.from({ length: 300 }, (_, i) => i) };
    const after = { n: before.n.map((i) => i + 1) };
    const html = renderToStaticMarkup(createElement(StateChanges, { changes: diffStates(before, after) }));
    expect(html.match(/<li /g)).toHaveLength(50);
    expect(html).toContain('Show all 300 changes');
  });

  it('opens a tree at its top level only, a hundred entries at a time', () => {
    const html = renderToStaticMarkup(createElement(JsonTree, { value: files(), label: 'State after' }));
    expect(html).toContain('cwd: </span><span class="json-string">&quot;/home&quot;');
    expect(html).toContain('files: </span><span class="muted">[2000]');
    expect(html).not.toContain('f0.txt');
    const list = renderToStaticMarkup(createElement(JsonTree, { value: files().files.map((f) => f.name), label: 'x' }));
    expect(list).toContain('f99.txt');
    expect(list).not.toContain('f100.txt');
    expect(list).toContain('Show 1000 more of 1900');
  });

  it("words the goal check's verdict with its reason", () => {
    const met = renderToStaticMarkup(
      createElement(GoalVerdictNote, {
        verdict: { status: 'success', by: 'environment goal', value: 'the cart holds milk' },
      }),
    );
    expect(met).toContain('Goal met');
    expect(met).toContain('the cart holds milk');
    const failed = renderToStaticMarkup(
      createElement(GoalVerdictNote, { verdict: { status: 'unknown', by: 'environment goal', value: 'goal threw' } }),
    );
    expect(failed).toContain('Goal not judged');
  });
});
