/** An error whose message is meant for the person calling: the error handler sends it as it is, whatever the status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
