import { messagesToTurns } from './pairing';
import { readMessages, type ReadOptions } from './read';

export { detectMessageShape } from './detect';
export { readExchange, readRequest, readResponse, type Exchange } from './exchange';
export { messagesToTurns, PAIRED_BY_NAME, PAIRED_BY_ORDER } from './pairing';
export { readMessages, type ReadOptions } from './read';
export { joinAnthropicEvents, joinChatChunks, joinStreamedReply, sseData } from './streams';
export { declaredToolsOf } from './tools';
export { MESSAGE_SHAPES, type Message, type MessageShape, type ReadMessages } from './types';

/** {@link readMessages} then {@link messagesToTurns}: a list of provider messages as paired turns. */
export function turnsFromMessages(list: unknown, options: ReadOptions = {}) {
  const read = readMessages(list, options);
  const { turns, notes } = messagesToTurns(read.messages);
  return { turns, shapes: read.shapes, ignored: read.ignored, notes: [...read.notes, ...notes] };
}
