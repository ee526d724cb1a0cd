import type { ToolFileFormat } from './file-formats';
import { GraphFile } from '../../domain';
import { isObject } from '../../json';
import { TrellisError } from '../../errors';
import { parseBfclFunctions } from './bfcl';
import { parseJson, parseOpenAITools } from './openai';
import { bracketDepth, parseOpenApi } from './openapi';
import type { ParsedTools } from './parsed';
import { parseMcpToolList, parseToolDeclarations } from './declarations';
import { openApiLinkEdges } from './openapi-links';
import {
  readToolText,
  recogniseAnthropic,
  recogniseBfcl,
  recogniseGemini,
  recogniseMcp,
  recogniseOpenAI,
  recogniseOpenApi,
  recogniseTrellis,
  type DetectedToolFormat,
  type Recognise,
} from './detect';

export type { DetectedToolFormat } from './detect';

/** Nesting of `[` and `{` a parser is given at most: deeper text exhausts its stack or memory. */
const MAX_NESTING = 512;

/** One tools format: the picker's label, how its content is recognised, and its reader. */
interface ToolFormat {
  label: string;
  /** How messages name it ("Added 3 tools from spec.yaml (OpenAPI)"). */
  name: string;
  recognise: Recognise;
  /** `source`: where the text came from (a URL), to which an API description's relative server is resolved. */
  parse(text: string, source?: string): ParsedTools;
}

/**
 * Every tools format Trellis reads, in the order detection tries them: the most particular marks
 * first (a graph's `edges`, a spec's `openapi`, BFCL's `dict`), OpenAI's plain `parameters` last.
 */
export const TOOL_FORMATS: Record<ToolFileFormat, ToolFormat> = {
  trellis: {
    label: 'Trellis graph (JSON)',
    name: 'Trellis graph',
    recognise: recogniseTrellis,
    parse: parseTrellisGraph,
  },
  openapi: {
    label: 'OpenAPI 3 / Swagger 2 (JSON or YAML)',
    name: 'OpenAPI',
    recognise: recogniseOpenApi,
    parse: parseOpenApiWithLinks,
  },
  bfcl: {
    label: 'BFCL function docs (JSON / JSON Lines)',
    name: 'BFCL functions',
    recognise: recogniseBfcl,
    parse: parseBfclFunctions,
  },
  mcp: {
    label: 'MCP tool list (tools/list JSON)',
    name: 'MCP tool list',
    recognise: recogniseMcp,
    parse: parseMcpToolList,
  },
  anthropic: {
    label: 'Anthropic tools (JSON)',
    name: 'Anthropic tools',
    recognise: recogniseAnthropic,
    parse: (text) => parseToolDeclarations(text, 'Anthropic tools'),
  },
  gemini: {
    label: 'Gemini function declarations (JSON)',
    name: 'Gemini function declarations',
    recognise: recogniseGemini,
    parse: (text) => parseToolDeclarations(text, 'Gemini function declarations'),
  },
  openai: { label: 'OpenAI tools (JSON)', name: 'OpenAI tools', recognise: recogniseOpenAI, parse: parseOpenAITools },
};

/** The format a tools text is in, judged by its content (not its file name); null when none fits. */
export function detectToolFormat(text: string): DetectedToolFormat | null {
  const read = bracketDepth(text) > MAX_NESTING ? null : readToolText(text);
  if (!read) return null;
  for (const [format, { recognise }] of Object.entries(TOOL_FORMATS) as [ToolFileFormat, ToolFormat][]) {
    const name = recognise(read);
    if (name) return { format, name };
  }
  return null;
}

/**
 * Tools from a file in one of the formats Trellis reads. A text that cannot be read as the format
 * asked for is refused naming that format, with a hint at the one its content looks like.
 */
export function parseTools(format: ToolFileFormat, text: string, source?: string): ParsedTools {
  if (bracketDepth(text) > MAX_NESTING)
    throw new TrellisError(
      'E4001',
      `The document nests brackets more than ${MAX_NESTING} deep; it is not a tools file Trellis can read.`,
    );
  try {
    return TOOL_FORMATS[format].parse(text, source);
  } catch (error) {
    if (!(error instanceof TrellisError)) throw error;
    const detected = detectToolFormat(text);
    const hint =
      detected && detected.format !== format
        ? `The text looks like ${detected.name}: read it as "${TOOL_FORMATS[detected.format].label}".`
        : error.hint;
    throw new TrellisError(error.code, `Read as ${TOOL_FORMATS[format].label}: ${error.message}`, hint);
  }
}

/** An OpenAPI document's tools, with the dependencies its own `links` declare drawn. */
function parseOpenApiWithLinks(text: string, source?: string): ParsedTools {
  const parsed = parseOpenApi(text, source);
  return { ...parsed, edges: [...parsed.edges, ...openApiLinkEdges(text, parsed.tools)] };
}

function parseTrellisGraph(text: string): ParsedTools {
  const value = parseJson(text, 'a Trellis graph');
  const parsed = GraphFile.safeParse(value);
  if (!parsed.success) {
    // Only the fields a graph file must have: one without an environment lacks nothing.
    const required = Object.entries(GraphFile.shape).flatMap(([key, field]) =>
      field.safeParse(undefined).success ? [] : [key],
    );
    const missing = isObject(value) ? required.filter((key) => !(key in value)) : [];
    const issue = parsed.error.issues[0];
    const what = !isObject(value)
      ? 'it is not a JSON object'
      : missing.length
        ? `it has no ${missing.map((key) => `"${key}"`).join(', ')}`
        : `field "${issue?.path.join('.')}": ${issue?.message ?? ''}`;
    throw new TrellisError(
      'E4001',
      `This is not a graph as Graph › Export as Trellis JSON writes it: ${what}.`,
      'Choose the format the text is in (OpenAI tools, BFCL, OpenAPI), or export the graph again from Trellis.',
    );
  }
  const { tools, edges, environment } = parsed.data;
  return { tools, edges, warnings: [], ...(environment ? { environment } : {}) };
}
