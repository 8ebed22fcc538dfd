/**
 * How the owner reaches the drive, the operator's choice (DRIVE_ACCESS on the server):
 *
 *   browse   the spec's folder browser: the panel lists any folder (the drive's full `drive` scope,
 *            which the provider classes as restricted).
 *   picker   the owner picks one file with the provider's Picker in a popup; the server may reach
 *            only the files picked (the `drive.file` scope, non-sensitive).
 *
 * The server names its mode in the `about` answer; the panel, the server and Mirage read it here.
 */
export const DRIVE_ACCESS_MODES = ['browse', 'picker'] as const;

export type DriveAccess = (typeof DRIVE_ACCESS_MODES)[number];

/** Today's behaviour, and what an answer without a mode means. */
export const DEFAULT_DRIVE_ACCESS: DriveAccess = 'browse';

export const isDriveAccess = (value: unknown): value is DriveAccess => typeof value === 'string' && (DRIVE_ACCESS_MODES as readonly string[]).includes(value);
