/** How the server reaches the drive, as its `about` answer says (browse until it said otherwise): every feature may read it. */
import { DEFAULT_DRIVE_ACCESS, type DriveAccess } from '../../contract/driveAccess';

export const selectDriveAccess = (s: { account: { about: { access?: DriveAccess } | null } }): DriveAccess => s.account.about?.access ?? DEFAULT_DRIVE_ACCESS;
