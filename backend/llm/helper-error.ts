/** An error of the llama helper with the code the supervisor maps to a TrellisError code. */
export class HelperError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
