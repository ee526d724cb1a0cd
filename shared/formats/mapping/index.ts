export { applyMapping, mappedOutcome, mappedRuns, overlayMapping, BY_ORDER_NOTE } from './apply';
export { isPath, parsePath, selectAll, selectOne } from './path';
export { previewMapping, type MappingPreview, type PreviewTrajectory } from './preview';
export { proposeMapping, proposeOverlay, type MappingProposal, type MessageArray, type RunField } from './propose';
export { successOf } from './propose-run';
export {
  mappingProblems,
  mapsTurns,
  recordsAreMessages,
  TEXT_CALL_STYLES,
  TrajectoryMapping,
  type MappingInput,
  type TextCallStyle,
} from './schema';
export { callsInText, type TextCall, type TextWithCalls } from './text-calls';
