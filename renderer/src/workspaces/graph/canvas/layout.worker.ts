/**
 * Runs ELK in this worker and answers with the tools' positions only, as one flat array: ELK's
 * own worker hands the whole laid-out graph back (every edge's route included), and reading that
 * on the main thread was the longest frame of a thousand-tool layout.
 */
import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';

export interface LayoutRequest {
  id: number;
  graph: ElkNode;
}
/** `positions` holds name index, x, y per tool, in the order of the request's children. */
export type LayoutAnswer = { id: number; positions: Float64Array } | { id: number; error: string };

const elk = new ELK();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutAnswer, transfer?: Transferable[]): void;
};

// elkjs registers its own handler on a worker's global scope when loaded; this one replaces it.
scope.onmessage = ({ data: { id, graph } }) => {
  const order = new Map((graph.children ?? []).map((child, i) => [child.id, i]));
  elk.layout(graph).then(
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
