/**
 * An error the user acts on: the command line prints its message on one line of standard error
 * (`doclint: <message>`) and exits with its code, 2 unless said otherwise (the run could not be
 * completed: usage, configuration, or a limit that would make the result depend on the machine).
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UserError';
  }
}
