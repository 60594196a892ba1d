/**
 * The one error a user acts on: bad usage, a configuration or docs.json that cannot be used, a
 * refused write or rename, a limit that would make the result depend on the machine. Every command
 * prints it as one line of standard error (`doclint: <line>`) and exits with its code, 2 unless said
 * otherwise (the run could not be completed). Anything else thrown is an internal error.
 *
 * Errors that carry more than a line (where in a file, which file) extend it and say how they read
 * from the user's folder in `describe`.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UserError';
  }

  /** The line to print for a user working in `cwd` (files named relative to it). */
  describe(cwd: string): string {
    void cwd;
    return this.message;
  }
}
