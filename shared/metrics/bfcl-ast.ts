/** BFCL's AST check, with the leaderboard's verdicts: decoding, type checks, value comparison, matching. */
export {
  decodeBfclResult,
  prepareBfclDecoding,
  type BfclCall,
  type BfclResultMode,
  type DecodedResult,
} from './bfcl/calls';
export { loadUnicodeNames } from './bfcl/unicode-names';
export { parseExactJson } from './bfcl/exact-json';
export { standardizeString } from './bfcl/compare';
export {
  checkBfclCall,
  type BfclCheckOptions,
  type BfclExpected,
  type BfclFunction,
  type BfclVerdict,
} from './bfcl/function-check';
export { bfclChecker, checkBfclEntry, judgeBfclResult, type BfclEntryOptions } from './bfcl/entry';
export { PyFloat, PyTuple } from './bfcl/values';
export { bfclCategory } from '../formats/trajectories/bfcl';
