import type { TrajectoryMetadata, Turn } from '../domain';
import { countOf } from '../text';
import { RecordError } from './trajectories/records';

/**
 * The media columns of LLaMA-Factory's multimodal datasets, each with the placeholder its
 * messages hold once per item (`<image>`): a record's images are paths or URLs, in the order
 * of the placeholders. Trellis keeps them in a trajectory's metadata under the same names.
 */
export const MEDIA_KINDS = [
  { column: 'images', placeholder: '<image>', noun: 'image' },
  { column: 'videos', placeholder: '<video>', noun: 'video' },
  { column: 'audios', placeholder: '<audio>', noun: 'audio' },
] as const;
export type MediaColumn = (typeof MEDIA_KINDS)[number]['column'];
export const MEDIA_COLUMNS: readonly MediaColumn[] = MEDIA_KINDS.map((k) => k.column);

/** One item: a path or URL, or (a video given as frames) a list of them. */
export type MediaItem = string | string[];
export type Media = Partial<Record<MediaColumn, MediaItem[]>>;

const isItem = (v: unknown): v is MediaItem =>
  typeof v === 'string' || (Array.isArray(v) && v.every((f) => typeof f === 'string'));

/**
 * The media columns a record carries, as LLaMA-Factory reads them (one path, or a list; an
 * empty list or null is none). A column of anything else is refused: it cannot be trained on.
 */
export function readMediaColumns(record: Record<string, unknown>): Media {
  const media: Media = {};
  for (const { column } of MEDIA_KINDS) {
    const value = record[column];
    if (value === undefined || value === null) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    if (!items.every(isItem))
      throw new RecordError(`"${column}" is not a path or URL, or a list of them (as LLaMA-Factory reads it)`);
    if (items.length) media[column] = items as MediaItem[];
  }
  return media;
}

/** The media a trajectory keeps in its metadata (none when it has none). */
export function mediaOf(metadata: TrajectoryMetadata | undefined): Media {
  const media: Media = {};
  for (const { column } of MEDIA_KINDS) {
    const value = metadata?.[column];
    if (Array.isArray(value) && value.length && value.every(isItem)) media[column] = value as MediaItem[];
  }
  return media;
}

export const hasMedia = (media: Media) => MEDIA_COLUMNS.some((c) => media[c]?.length);

/** "2 images, 1 video": what a record carries, in words. */
export const describeMedia = (media: Media) =>
  MEDIA_KINDS.filter((k) => media[k.column]?.length)
    .map((k) => countOf(media[k.column]!.length, k.noun))
    .join(', ');

/**
 * Where a record's placeholders and media disagree in number, as LLaMA-Factory counts them
 * (every placeholder in every message but the system prompt; it refuses such a record):
 * "3 <image> placeholders for 2 images". Empty when they agree.
 */
export function mediaMismatches(texts: readonly string[], media: Media): string[] {
  return MEDIA_KINDS.flatMap(({ column, placeholder, noun }) => {
    const placeholders = texts.reduce((n, text) => n + text.split(placeholder).length - 1, 0);
    const items = media[column]?.length ?? 0;
    return placeholders === items
      ? []
      : [`${countOf(placeholders, `${placeholder} placeholder`)} for ${countOf(items, noun)}`];
  });
}

/** The texts of a trajectory's turns that LLaMA-Factory counts placeholders in. */
export const placeholderTexts = (turns: readonly Turn[]) =>
  turns.filter((t) => t.role !== 'system').map((t) => t.content ?? '');

/**
 * What an import keeps of a record's media columns: the columns as metadata (under their own
 * names), and a note when its placeholders and media disagree in number, which LLaMA-Factory
 * refuses (the ShareGPT export leaves such a record out and names it).
 */
export function importedMedia(
  record: Record<string, unknown>,
  turns: readonly Turn[],
): { metadata?: TrajectoryMetadata; notes?: string[] } {
  const media = readMediaColumns(record);
  if (!hasMedia(media)) return {};
  const mismatches = mediaMismatches(placeholderTexts(turns), media);
  return {
    metadata: media,
    ...(mismatches.length
      ? {
          notes: [
            'records whose <image>/<video>/<audio> placeholders do not match their media in number (LLaMA-Factory refuses them; the ShareGPT export leaves them out and names them)',
          ],
        }
      : {}),
  };
}
