import type { z } from 'zod';
import type { ExportReport } from '../../shared/contract/datasets';
import type { Trajectory } from '../../shared/domain';
import { textBesideCalls, type ExportItem, type ReasoningMode } from '../../shared/formats/export-records';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/formats/export-formats';
import { countOf } from '../../shared/text';
import type { ToolSource } from './export';

/** How many flagged items a report lists by name; the counts cover all of them. */
export const REPORT_EXAMPLES = 20;

/** Counts each reason of one item once. */
function countOnce(into: Record<string, number>, reasons: readonly string[]): void {
  for (const reason of new Set(reasons)) into[reason] = (into[reason] ?? 0) + 1;
}

/** Collects what an export left out (or wrote though flagged) and why, as it goes. */
export class ExportReporter {
  private leftOut = 0;
  private flagged = 0;
  private readonly reasons: Record<string, number> = {};
  private readonly leftOutReasons: Record<string, number> = {};
  private readonly writtenReasons: Record<string, number> = {};
  private readonly examples: z.infer<typeof ExportReport>['examples'] = [];
  private readonly withoutPlace = { outcome: 0, metadata: 0 };
  private readonly tools: Record<ToolSource, number> = { own: 0, none: 0, graph: 0 };
  private readonly thoughts = { written: 0, dropped: 0 };
  private readonly untrained = { turns: 0, records: 0 };
  private readonly textAsThought = { turns: 0, records: 0 };

  constructor(private readonly reasoning: ReasoningMode = 'drop') {}

  /** A record written: where its tools came from, its thoughts, and its turns not to train on. */
  written(item: ExportItem, tools: ToolSource, format: ExportFormat): void {
    this.tools[tools]++;
    // Counted in one pass over the turns, with nothing made: this runs for every record written.
    let thoughts = 0;
    let zero = 0;
    let besideCalls = 0;
    item.turns.forEach((t, i) => {
      if (t.role !== 'assistant') return;
      if (t.thought) thoughts++;
      if (item.weights?.[i] === 0) zero++;
      if (textBesideCalls(t)) besideCalls++;
    });
    // ShareGPT's function_call turn holds the calls' JSON and one thought block: the text goes there.
    const descriptor = EXPORT_FORMATS[format];
    if (descriptor.textBesideCallsAsThought && besideCalls) {
      this.textAsThought.turns += besideCalls;
      this.textAsThought.records++;
    }
    const kept = this.reasoning !== 'drop' && descriptor.reasoning.includes(this.reasoning);
    this.thoughts[kept ? 'written' : 'dropped'] += thoughts;
    // WorfBench items hold a plan, not the turns: nothing of them is a turn to train on or not.
    if (!descriptor.writesTurns) return;
    if (zero) {
      this.untrained.turns += zero;
      this.untrained.records++;
      this.weighted = descriptor.writesWeights;
    }
  }

  /** Whether the format writes the weights (OpenAI); elsewhere the turns counted are trained on. */
  private weighted = true;

  /** A trajectory written to a format with no place for its outcome and metadata: counted, to be said. */
  notCarried(trajectory: Pick<Trajectory, 'outcome' | 'metadata'>): void {
    if (trajectory.outcome) this.withoutPlace.outcome++;
    if (trajectory.metadata && Object.keys(trajectory.metadata).length) this.withoutPlace.metadata++;
  }

  /**
   * One flagged item, with its title to name it by: each reason is a code to count by and a
   * message to show, and `leavesOut` when it is why the item was left out (a reason the export
   * was asked to write anyway does not).
   */
  flag(
    item: { trajectoryId: string; title: string },
    split: string,
    flags: { reason: string; message: string; leavesOut: boolean }[],
  ): void {
    const leftOut = flags.some((f) => f.leavesOut);
    this.flagged++;
    if (leftOut) this.leftOut++;
    const reasons = flags.map((f) => f.reason);
    countOnce(this.reasons, reasons);
    if (leftOut)
      countOnce(
        this.leftOutReasons,
        flags.filter((f) => f.leavesOut).map((f) => f.reason),
      );
    else countOnce(this.writtenReasons, reasons);
    if (this.examples.length < REPORT_EXAMPLES)
      this.examples.push({ ...item, split, leftOut, reasons: flags.map((f) => f.message) });
  }

  /**
   * `format`: the export's format when it has no place for outcome and metadata (they are said to
   * be left out); `emptySplits`: the splits none of whose records passed (no file written).
   */
  report(
    written: number,
    replacedLinks: string[],
    format: string | null = null,
    emptySplits: z.infer<typeof ExportReport>['emptySplits'] = [],
  ): z.infer<typeof ExportReport> {
    const { outcome, metadata } = this.withoutPlace;
    return {
      notWritten:
        format && (outcome || metadata)
          ? {
              outcomes: outcome,
              metadata,
              message: `${format} records have no place for a run's outcome or metadata: ${outcome} outcomes and the metadata of ${metadata} trajectories are not in the files (ShareGPT keeps them).`,
            }
          : null,
      written,
      leftOut: this.leftOut,
      flagged: this.flagged,
      reasons: { ...this.reasons },
      leftOutReasons: { ...this.leftOutReasons },
      writtenReasons: { ...this.writtenReasons },
      examples: [...this.examples],
      replacedLinks,
      tools: { ...this.tools },
      thoughts: { ...this.thoughts, mode: this.reasoning },
      untrained: { ...this.untrained },
      textAsThought: { ...this.textAsThought },
      notes: this.notes(),
      emptySplits,
    };
  }

  private notes(): string[] {
    const { own, none, graph } = this.tools;
    const { written, dropped } = this.thoughts;
    const notes: string[] = [];
    const sources = [
      own && `${countOf(own, 'record')} with ${own === 1 ? 'its' : 'their'} own declared tools`,
      none && `${countOf(none, 'record')} declaring no tools, written without`,
      graph && `${countOf(graph, 'run')} made in Trellis with ${graph === 1 ? 'its' : 'their'} graph's tools`,
    ].filter(Boolean);
    if (sources.length) notes.push(`Tools: ${sources.join('; ')}.`);
    if (written || dropped) {
      const how = this.reasoning === 'field' ? 'as reasoning_content' : 'inline as <think>…</think>';
      notes.push(
        written
          ? `Thoughts: ${written} written ${how}${dropped ? `, ${dropped} dropped` : ''}.`
          : `Thoughts: ${countOf(dropped, 'thought')} dropped (the format has no field for them, or dropping was asked).`,
      );
    }
    if (this.textAsThought.turns)
      notes.push(
        `Text beside calls: ${countOf(this.textAsThought.turns, 'assistant turn')} in ${countOf(this.textAsThought.records, 'record')} said something with ${this.textAsThought.turns === 1 ? 'its' : 'their'} calls; ShareGPT has no text beside a function_call, so it is written in the call's <think> block (trained on; read back, it is the turn's thought).`,
      );
    const turns = `${countOf(this.untrained.turns, 'assistant turn')} in ${countOf(this.untrained.records, 'record')} (rated 1–2, an error found on the turn, or a call that failed)`;
    if (this.untrained.turns)
      notes.push(
        this.weighted
          ? `Weight 0: ${turns} are written but not trained on.`
          : `Trained on: ${turns}, which an OpenAI export would write with weight 0; this format has no weights (label such records rejected to leave them out).`,
      );
    return notes;
  }
}
