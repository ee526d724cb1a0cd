// Cline's and Roo Code's tool uses written as XML in the reply's text (before native tool calling),
// and the results the next user message gives them. Read from cline/cline v3.0.0 src/core/assistant-message
// (toolUseNames, toolParamNames, parseAssistantMessage) and src/core/Cline.ts (pushToolResult: a
// "[name for 'param'] Result:" block, then the result's blocks; "Tool [name] was not executed…"), v3.89.2's
// apps/vscode/src/shared/tools.ts and core/task/tools/utils/ToolResultUtils.ts (header and result in one
// block), and RooCodeInc/Roo-Code cb83656 packages/types/src/tool.ts (its tool names; read_file's
// nested <args><file>…</file></args>).
import { isObject } from '../../json';

/** Every tool name either writer gave its models: a tag of another name is text, not a call. */
export const XML_TOOL_NAMES = new Set([
  'execute_command',
  'read_file',
  'read_command_output',
  'write_to_file',
  'replace_in_file',
  'apply_diff',
  'edit',
  'edit_file',
  'insert_content',
  'search_and_replace',
  'search_replace',
  'apply_patch',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'codebase_search',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'load_mcp_documentation',
  'ask_followup_question',
  'attempt_completion',
  'plan_mode_respond',
  'act_mode_respond',
  'new_task',
  'switch_mode',
  'fetch_instructions',
  'update_todo_list',
  'focus_chain',
  'run_slash_command',
  'web_fetch',
  'web_search',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'generate_explanation',
  'generate_image',
  'use_skill',
  'skill',
  'use_subagents',
  'custom_tool',
]);

/** Parameters whose value is file text or a diff: read to their last closing tag, never parsed as XML. */
const RAW_PARAMS = new Set(['content', 'diff', 'patch', 'result', 'response', 'question', 'text']);

export interface XmlToolUse {
  name: string;
  input: unknown;
}

const TAG = /<([a-z_][a-z0-9_]*)>/g;

/** A parameter's value: its text, or (Roo's read_file args) the elements it holds, as objects. */
function paramValue(name: string, inner: string): unknown {
  if (RAW_PARAMS.has(name)) return inner.replace(/^\n/, '').replace(/\n$/, '');
  const children = elements(inner);
  const rest = children.reduce((left, c) => left.replace(c.raw, ''), inner);
  if (!children.length || rest.trim()) return inner.trim();
  const out: Record<string, unknown> = {};
  for (const c of children) {
    const value = paramValue(c.name, c.inner);
    const known = out[c.name];
    out[c.name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return out;
}

/** The elements directly inside a text, each to its closing tag (a raw one to its last). */
function elements(text: string): { name: string; inner: string; raw: string }[] {
  const out: { name: string; inner: string; raw: string }[] = [];
  let from = 0;
  for (;;) {
    TAG.lastIndex = from;
    const open = TAG.exec(text);
    if (!open) return out;
    const name = open[1]!;
    const close = `</${name}>`;
    const start = open.index + open[0].length;
    const end = RAW_PARAMS.has(name) ? text.lastIndexOf(close) : text.indexOf(close, start);
    if (end < start) {
      from = start;
      continue;
    }
    out.push({ name, inner: text.slice(start, end), raw: text.slice(open.index, end + close.length) });
    from = end + close.length;
  }
}

/**
 * Where a tool use ends: its closing tag, unless that tag sits inside a raw parameter (a file that
 * writes the tag) whose own closing tag comes later; the end of the reply when it is cut off.
 */
function toolEnd(text: string, name: string, start: number): number {
  const close = `</${name}>`;
  let end = text.indexOf(close, start);
  for (const param of RAW_PARAMS) {
    const open = text.indexOf(`<${param}>`, start);
    if (open < 0 || end < 0 || open > end || text.lastIndexOf(`</${param}>`, end) > open) continue;
    const rawEnd = text.indexOf(`</${param}>`, end);
    if (rawEnd >= 0) end = text.indexOf(close, rawEnd);
  }
  return end < 0 ? text.length : end;
}

/**
 * A reply's text split into what the model said and the tool uses it wrote: each known tool tag to
 * its closing tag (a write_to_file's content may hold any text), its parameters as its input. A
 * leading `<thinking>` block is the model's thought. A tool use cut off by the end of the reply
 * (the model stopped mid-call) is a call with what it had written.
 */
export function splitToolUses(text: string): { said: string; thinking?: string; uses: XmlToolUse[] } {
  const uses: XmlToolUse[] = [];
  let said = '';
  let from = 0;
  for (;;) {
    TAG.lastIndex = from;
    let open: RegExpExecArray | null;
    while ((open = TAG.exec(text)) && !XML_TOOL_NAMES.has(open[1]!));
    if (!open) break;
    const name = open[1]!;
    const start = open.index + open[0].length;
    const end = toolEnd(text, name, start);
    said += text.slice(from, open.index);
    const inner = text.slice(start, end);
    const input = paramValue('', inner);
    // Kept as written when it is not parameters: the checks report it at this turn.
    uses.push({ name, input: isObject(input) ? input : inner.trim() });
    from = Math.min(text.length, end + `</${name}>`.length);
  }
  said += text.slice(from);
  const thinking = /<thinking>([\s\S]*?)<\/thinking>/.exec(said);
  if (thinking) said = said.replace(thinking[0], '');
  return { said: said.trim(), ...(thinking?.[1]?.trim() ? { thinking: thinking[1].trim() } : {}), uses };
}

/** "[read_file for 'src/a.ts'] Result:" (and, since native calls, the result after it in the same block). */
const RESULT_HEADER = /^\[([a-z_][a-z0-9_]*)(?: for [\s\S]*?)?\] Result:/;
/** What Cline writes for the tool uses after the first of a reply, or after one the user rejected. */
const NOT_RUN = /^(?:Tool \[([a-z_][a-z0-9_]*)\] was not executed|Skipping tool \[([a-z_][a-z0-9_]*)\b)/;

/** The tool a text block of a user message answers, when it opens a result. */
export function resultOpening(text: string): { name: string; whole: boolean } | null {
  const header = RESULT_HEADER.exec(text);
  if (header) return { name: header[1]!, whole: false };
  const notRun = NOT_RUN.exec(text);
  return notRun ? { name: (notRun[1] ?? notRun[2])!, whole: true } : null;
}
