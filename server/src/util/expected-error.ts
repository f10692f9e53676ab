/**
 * An error without a stack trace: for outcomes a client is told about (a refusal, a full queue),
 * thrown thousands of times a second under load, where capturing the stack would be most of the cost.
 */
export class ExpectedError extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}
