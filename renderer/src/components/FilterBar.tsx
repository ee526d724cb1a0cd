import { useEffect, useState } from 'react';
import { MAX_SEARCH_LENGTH, OUTCOME_FILTER_WORDS, type TrajectoryFacets } from '../../../shared/domain';
import { trajectoriesCount } from '../../../shared/text';
import type { FilterSlice } from '../state/trajectory-filter';
import { QuickPick } from './QuickPick';

const SEARCH_DELAY_MS = 200;

/** A filter over one facet; each value counts the trajectories that have it (not its findings or calls). */
function FacetSelect({
  label,
  value,
  options,
  extra = [],
  wordFor = (value) => value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: TrajectoryFacets['tools'] | undefined;
  extra?: { value: string; label: string }[];
  /** How an option's value reads (the stored value stays what is filtered on). */
  wordFor?(value: string): string;
  onChange(value: string | undefined): void;
}) {
  return (
    <label>
      {label}
      <QuickPick
        label={label}
        value={value ?? ''}
        options={[
          { value: '', label: 'all' },
          ...extra,
          ...(options ?? []).map((o) => ({
            value: o.value,
            label: wordFor(o.value),
            detail: `(${trajectoriesCount(o.count)})`,
          })),
        ]}
        onChange={(next) => onChange(next || undefined)}
      />
    </label>
  );
}

/** Search and filters over trajectories (the workspace's own filter); the search is debounced as the user types. */
export function FilterBar({
  facets,
  filter,
  setFilter,
  clearFilter,
}: FilterSlice & { facets: TrajectoryFacets | undefined }) {
  const [text, setText] = useState(filter.text ?? '');
  useEffect(() => setText(filter.text ?? ''), [filter.text]);
  useEffect(() => {
    const timer = setTimeout(() => setFilter({ text: text.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setFilter]);
  const turns = (value: string) => (value === '' ? undefined : Math.max(0, Number.parseInt(value, 10) || 0));

  return (
    <div className="filter-bar" role="search">
      <input
        type="search"
        aria-label="Search turns"
        placeholder="Search turns, thoughts, calls…"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        title={
          text.length >= MAX_SEARCH_LENGTH ? `Search is cut to its first ${MAX_SEARCH_LENGTH} characters` : undefined
        }
        onChange={(e) => setText(e.target.value.slice(0, MAX_SEARCH_LENGTH))}
      />
      <div className="filters">
        <FacetSelect
          label="Source"
          value={filter.source}
          options={facets?.sources}
          onChange={(source) => setFilter({ source })}
        />
        <FacetSelect
          label="Tool"
          value={filter.tool}
          options={facets?.tools}
          onChange={(tool) => setFilter({ tool })}
        />
        <FacetSelect
          label="Finding"
          value={filter.finding}
          options={facets?.findings}
          extra={[
            { value: 'any', label: 'any finding' },
            { value: 'none', label: 'no finding' },
          ]}
          onChange={(finding) => setFilter({ finding })}
        />
        <FacetSelect
          label="Label"
          value={filter.label}
          options={facets?.labels}
          onChange={(label) => setFilter({ label: label as typeof filter.label })}
        />
        <FacetSelect
          label="Outcome"
          value={filter.outcome}
          options={facets?.outcomes}
          wordFor={(value) => OUTCOME_FILTER_WORDS[value as keyof typeof OUTCOME_FILTER_WORDS] ?? value}
          onChange={(outcome) => setFilter({ outcome: outcome as typeof filter.outcome })}
        />
        <label>
          Turns
          <span className="range">
            <input
              aria-label="Fewest turns"
              type="number"
              min={0}
              value={filter.minTurns ?? ''}
              onChange={(e) => setFilter({ minTurns: turns(e.target.value) })}
            />
            –
            <input
              aria-label="Most turns"
              type="number"
              min={0}
              value={filter.maxTurns ?? ''}
              onChange={(e) => setFilter({ maxTurns: turns(e.target.value) })}
            />
          </span>
        </label>
        {Object.keys(filter).length > 0 && (
          <button type="button" onClick={clearFilter}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
