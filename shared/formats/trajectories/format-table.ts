import { TRAJECTORY_FORMATS } from './registry';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The README's table of trajectory formats, made from the registry (a test keeps the README equal to it). */
export function formatTableMarkdown(): string {
  return [
    '| `--format` | format | recognised by | versions read |',
    '| --- | --- | --- | --- |',
    ...TRAJECTORY_FORMATS.map(
      (f) => `| \`${f.id}\` | ${cell(f.label)} | ${cell(f.recognisedBy)} | ${cell(f.versions)} |`,
    ),
  ].join('\n');
}
