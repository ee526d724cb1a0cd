import { matchRecording, replayAnswer } from '../../../shared/recordings';
import type { RuntimeCall } from './types';

/** The recorded answer for these arguments (or the nearest ones), marked with how it was found. */
export const replayCall: RuntimeCall<'replay'> = {
  call: (tool, runtime, args) => {
    const match = matchRecording(runtime.recordings, args);
    if (!match)
      return { ok: false, error: `${tool.name} has no recordings to replay; make them again from trajectories.` };
    const answer = replayAnswer(match, args);
    const text = answer.text !== undefined ? { text: answer.text } : {};
    return 'error' in answer
      ? { ok: false, error: answer.error, note: answer.note, ...text }
      : { ok: true, result: answer.result, note: answer.note, ...text };
  },
  result: {
    what: 'its recorded answer',
    fix: 'Make its recordings again from other trajectories, or choose another runtime.',
  },
};
