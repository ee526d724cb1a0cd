import { countOf, shortWhen, splitForkTitle } from '../../../../shared/text';
import { describeOutcome, outcomeWord } from '../../../../shared/domain';
import { sourceLabel } from '../../../../shared/formats/otlp/groups';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useBrowserStore } from './state';
import type { usePagedList } from '../../state/use-paged-list';

const ROW_HEIGHT = 46;

/**
 * A row's title, cut with "…" where the list is narrow and whole in its tooltip. A fork's
 * "fork at N" stays in sight beside it, so a fork and its source read apart however narrow.
 */
function RowTitle({ title }: { title: string }) {
  const { text, forkAt } = splitForkTitle(title);
  return (
    <span className="title" title={title}>
      <span className="title-text">{text || '(untitled)'}</span>
      {forkAt !== null && <span className="fork-badge">fork at {forkAt}</span>}
    </span>
  );
}

/** The browser's list: only the rows on screen exist in the DOM; J/K and arrows move the selection. */
export function TrajectoryList({ list }: { list: ReturnType<typeof usePagedList> }) {
  const parent = useRef<HTMLDivElement>(null);
  const selectedId = useBrowserStore((s) => s.selectedId);
  const select = useBrowserStore((s) => s.select);
  const count = list.total ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  // rowAt fetches the pages of the rows on screen that are not loaded yet.
  const items = virtualizer.getVirtualItems();

  const selectedIndex = useRef(-1);
  useEffect(() => {
    selectedIndex.current = -1;
  }, [list.total]);

  const move = (delta: number) => {
    if (!count) return;
    const next = Math.min(count - 1, Math.max(0, selectedIndex.current + delta));
    const row = list.rowAt(next);
    if (!row) return;
    selectedIndex.current = next;
    select(row.id);
    virtualizer.scrollToIndex(next);
  };

  return (
    <div
      ref={parent}
      className="trajectory-list"
      role="listbox"
      aria-label="Trajectory list"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'j') move(1);
        else if (e.key === 'ArrowUp' || e.key === 'k') move(-1);
        else return;
        e.preventDefault();
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = list.rowAt(item.index);
          return (
            <div
              key={item.key}
              role="option"
              aria-selected={row?.id === selectedId}
              className={`trajectory-row${row?.id === selectedId ? ' selected' : ''}`}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              onClick={() => {
                if (!row) return;
                selectedIndex.current = item.index;
                select(row.id);
              }}
            >
              {row ? (
                <>
                  <RowTitle title={row.title} />
                  <span className="meta">
                    <span className="meta-text">
                      {/* The outcome first: a narrow list cuts the end of this line, never the verdict. */}
                      {row.outcome && (
                        <span
                          className={`outcome outcome-${row.outcome.status}`}
                          title={describeOutcome(row.outcome)}
                          data-testid="row-outcome"
                        >
                          {outcomeWord(row.outcome)} ·{' '}
                        </span>
                      )}
                      {sourceLabel(row.source)} · {countOf(row.turnCount, 'turn')} ·{' '}
                      <time
                        dateTime={row.createdAt}
                        title={new Date(row.createdAt).toLocaleString()}
                        data-testid="row-time"
                      >
                        {shortWhen(row.createdAt)}
                      </time>
                      {row.findingCount > 0 && (
                        <span className="finding-count"> · {countOf(row.findingCount, 'finding')}</span>
                      )}
                    </span>
                    {/* The review label is a chip of its own that never shrinks: the text before it is cut first. */}
                    {row.label && (
                      <span className={`label label-${row.label}`} title={`Labelled ${row.label}`}>
                        {row.label}
                      </span>
                    )}
                  </span>
                </>
              ) : (
                <span className="meta">Loading…</span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
