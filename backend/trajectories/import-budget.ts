import type { Turn } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';

/** What one import may write, as much as an archive may inflate to (zip-records' MAX_TOTAL_BYTES). */
export const MAX_IMPORT_TEXT = 16 * 2 ** 30;

/** Characters of a turn's text, thought and calls: what the workspace stores for it. */
function turnText(turn: Turn): number {
  let chars = (turn.content?.length ?? 0) + (turn.thought?.length ?? 0);
  for (const call of turn.toolCalls ?? [])
    chars +=
      call.name.length + (typeof call.args === 'string' ? call.args.length : JSON.stringify(call.args ?? null).length);
  return chars;
}

/**
 * Counts the text an import writes, after its reader resolved what the file only refers to
 * (attachments, pools, archive entries): a file's own size, or even its inflated size, says
 * little about what a reference may name. Past the limit the import is refused whole.
 */
export class ImportTextBudget {
  private written = 0;

  constructor(
    private readonly file: string,
    private readonly limit = MAX_IMPORT_TEXT,
  ) {}

  add(turns: readonly Turn[]): void {
    for (const turn of turns) this.written += turnText(turn);
    if (this.written > this.limit)
      throw new TrellisError(
        'E1002',
        `${this.file} expands to more than ${formatSize(this.limit)} of turns once its references are resolved; nothing of it was imported.`,
        'Split the file, or import the runs it refers to directly.',
      );
  }
}

function formatSize(chars: number): string {
  return chars >= 2 ** 30 ? `${chars / 2 ** 30} GiB` : `${Math.round(chars / 2 ** 20)} MiB`;
}
