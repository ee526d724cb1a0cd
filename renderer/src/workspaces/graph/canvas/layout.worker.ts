/**
 * Runs ELK in this worker. The request comes as the tools' names and flat typed arrays (moved,
 * not copied: a thousand child objects and three thousand edge objects took 70 ms of the main
 * thread to copy on a busy machine), and the answer is the tools' positions only, one flat
 * array: ELK's own worker hands the whole laid-out graph back (every edge's route included),
 * and reading that on the main thread was the longest frame of a thousand-tool layout.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { elkGraph, type LayoutAnswer, type LayoutRequest } from './layout-request';

const elk = new ELK();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutAnswer, transfer?: Transferable[]): void;
};

// elkjs registers its own handler on a worker's global scope when loaded; this one replaces it.
scope.onmessage = ({ data: request }) => {
  const { id } = request;
  const order = new Map(request.names.map((name, i) => [name, i]));
  elk.layout(elkGraph(request)).then(
    (result) => {
      const children = result.children ?? [];
      const positions = new Float64Array(children.length * 3);
      children.forEach((child, i) => {
        positions[i * 3] = order.get(child.id) ?? -1;
        positions[i * 3 + 1] = Math.round(child.x ?? 0);
        positions[i * 3 + 2] = Math.round(child.y ?? 0);
      });
      scope.postMessage({ id, positions }, [positions.buffer]);
    },
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
