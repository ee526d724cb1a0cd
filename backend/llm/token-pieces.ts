/**
 * Each token's text as it reads after other text, detokenized once per model and then read from
 * a table: streaming a token's text costs a lookup, not a call into llama.cpp. A SentencePiece
 * tokenizer drops the leading space of a text's first token, so a piece is read after an anchor
 * token (as node-llama-cpp's own generators read each token after the ones before it). Runs in
 * the helper.
 */
type Token = number;

export interface PieceModel {
  tokenize(text: string, specialTokens?: boolean, options?: 'trimLeadingSpace'): Token[];
  detokenize(tokens: readonly Token[], specialTokens?: boolean, lastTokens?: readonly Token[]): string;
}

/** What llama.cpp writes for bytes that are not (yet) a whole UTF-8 character. */
export const UNKNOWN_CHAR = '\uFFFD';

export class TokenPieces {
  private readonly pieces = new Map<Token, string | null>();
  /** By stop strings (StopText.key): whether the token's piece holds one of their characters. */
  private readonly matching = new Map<string, Map<Token, boolean>>();
  private readonly anchor: Token[];

  constructor(private readonly model: PieceModel) {
    this.anchor = model.tokenize('a', false, 'trimLeadingSpace');
  }

  /** The token's text; null when it ends inside a character (a byte-fallback token), which needs the tokens around it. */
  of(token: Token): string | null {
    let piece = this.pieces.get(token);
    if (piece === undefined) {
      const text = this.model.detokenize([token], false, this.anchor);
      piece = text.endsWith(UNKNOWN_CHAR) ? null : text;
      this.pieces.set(token, piece);
    }
    return piece;
  }

  /** Whether `token`'s piece can take part in a match of the stop strings `key` names, remembered per token. */
  canMatch(token: Token, piece: string, key: string, test: (piece: string) => boolean): boolean {
    let known = this.matching.get(key);
    if (!known) {
      this.matching.set(key, (known = new Map()));
      // A long synthesis asks for a few sets of stop strings; each map holds at most the vocabulary.
      if (this.matching.size > 16) this.matching.delete(this.matching.keys().next().value!);
    }
    let can = known.get(token);
    if (can === undefined) known.set(token, (can = test(piece)));
    return can;
  }
}

const byModel = new WeakMap<object, TokenPieces>();

/** The loaded model's pieces, kept while the model is. */
export function piecesOf(model: PieceModel): TokenPieces {
  let pieces = byModel.get(model);
  if (!pieces) byModel.set(model, (pieces = new TokenPieces(model)));
  return pieces;
}
