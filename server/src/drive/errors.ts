/** What can go wrong between this server and the drive, as the routes tell it to the panel. */

/** The drive refused the access token (401): refresh once, then the grant counts as revoked. */
export class DriveAuthError extends Error {
  constructor(message = 'The drive refused the access token.') {
    super(message);
    this.name = 'DriveAuthError';
  }
}

/** The drive answered with an error that retrying will not fix (404, 403 other than rate limits, 400). */
export class DriveRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'DriveRequestError';
  }
}

/** The drive's answer did not have the shape we need. */
export class DriveAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriveAnswerError';
  }
}
