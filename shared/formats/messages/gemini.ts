import { isObject } from '../../json';
import {
  callOf,
  fallbackCallId,
  field,
  mediaPlaceholder,
  message,
  MessageBuilder,
  reportUnknown,
  textOf,
  type ShapeReader,
} from './common';

/** Keys a Gemini part is told by (camelCase as the REST API writes them, snake_case as the Python SDK dumps them). */
export const GEMINI_PART_KEYS = [
  'text',
  'functionCall',
  'function_call',
  'functionResponse',
  'function_response',
  'inlineData',
  'inline_data',
  'fileData',
  'file_data',
  'executableCode',
  'executable_code',
  'codeExecutionResult',
  'code_execution_result',
];

/** Part fields that say nothing a turn shows. */
const QUIET_PART = new Set([
  'thought',
  'thoughtSignature',
  'thought_signature',
  'videoMetadata',
  'video_metadata',
  'partMetadata',
]);

const ROLES = { user: 'user', model: 'assistant', function: 'tool', tool: 'tool', system: 'system' } as const;

/** The name Trellis gives Gemini's built-in code execution, which the model calls without a declaration. */
export const CODE_EXECUTION = 'code_execution';

/**
 * One Gemini `Content` (`{role, parts}`): text parts (those marked `thought: true` are the
 * thought), `functionCall` (`{name, args, id?}`), `functionResponse` (`{name, response, id?}`,
 * each a tool message whose text is the response as JSON), `inlineData` / `fileData` as a
 * placeholder (`[image: image/png]`), and code execution: `executableCode` a call of
 * `code_execution`, `codeExecutionResult` its result (an error unless its outcome is OK).
 * Calls without ids get `call_<message>_<part>`; their results are paired by name.
 */
export const readGeminiContent: ShapeReader = (content, at, index, ignored) => {
  const role = ROLES[(typeof content.role === 'string' ? content.role : 'user') as keyof typeof ROLES];
  if (!role || !Array.isArray(content.parts)) {
    ignored.push(at);
    return [];
  }
  reportUnknown(content, new Set(['role', 'parts']), at, ignored);
  const speaker = role === 'tool' ? 'user' : role;
  // Gemini streams one thought in parts: they join as they came.
  const built = new MessageBuilder(speaker, '');
  let openCode: string | undefined;
  content.parts.forEach((part, k) => {
    const where = `${at}.parts[${k}]`;
    if (!isObject(part)) return ignored.push(where);
    const known = Object.keys(part).filter((key) => GEMINI_PART_KEYS.includes(key));
    for (const key of Object.keys(part))
      if (!known.includes(key) && !QUIET_PART.has(key) && part[key] !== null) ignored.push(`${where}.${key}`);
    if (typeof part.text === 'string') {
      if (part.thought === true) built.think(part.text);
      else built.say(part.text);
    }
    const media = field(part, 'inlineData', 'inline_data', 'fileData', 'file_data');
    if (isObject(media))
      built.place(
        mediaPlaceholder(
          field(media, 'mimeType', 'mime_type'),
          'file',
          field(media, 'displayName', 'fileUri', 'file_uri'),
        ),
      );
    const call = field(part, 'functionCall', 'function_call');
    if (isObject(call) && typeof call.name === 'string')
      built.call(callOf(call.id, call.name, call.args ?? {}, fallbackCallId(index, k)));
    const code = field(part, 'executableCode', 'executable_code');
    if (isObject(code)) {
      const id = fallbackCallId(index, k);
      openCode = id;
      built.call({ id, name: CODE_EXECUTION, args: { language: code.language, code: code.code } });
    }
    const response = field(part, 'functionResponse', 'function_response');
    const codeResult = field(part, 'codeExecutionResult', 'code_execution_result');
    if (isObject(response) || isObject(codeResult)) {
      if (isObject(response))
        built.push(
          message({
            role: 'tool',
            content: textOf(response.response ?? response.parts) ?? '',
            toolCallId: typeof response.id === 'string' ? response.id : undefined,
            name: typeof response.name === 'string' ? response.name : undefined,
          }),
        );
      else if (isObject(codeResult)) {
        const outcome = codeResult.outcome;
        built.push(
          message({
            role: 'tool',
            content: textOf(codeResult.output) ?? '',
            toolCallId: openCode,
            name: CODE_EXECUTION,
            isError: outcome !== undefined && outcome !== 'OUTCOME_OK' && outcome !== 1 ? true : undefined,
          }),
        );
        openCode = undefined;
      }
    }
  });
  built.flush();
  return built.out;
};
