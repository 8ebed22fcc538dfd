/**
 * Events more than one feature responds to. Actions are named `domain/event`; reducers decide what
 * an event means for their slice. Features import these, never each other.
 */
import { createAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import type { RouteName } from '../../api/routes';
import type { BreadcrumbEntry, DriveFile, PublicRole, UserModel } from '../../api/schemas';

/** The model as the server holds it, with its revision (0: never saved). */
export const userModelLoaded = createAction<{ model: UserModel; revision: number }>('user/loaded');
export const folderOpened = createAction<BreadcrumbEntry>('files/folderOpened');
/** The owner chose a row of the files table: a folder opens, a file is activated. */
export const fileChosen = createAction<DriveFile>('files/fileChosen');
export const fileActivated = createAction<{ file: DriveFile; role: PublicRole }>('activeFile/activated');
export const publicRoleSet = createAction<{ fileId: string; role: PublicRole }>('sharing/roleSet');
/** A font from the Text tab (a preset, or a manual change): checked by the reducers, saved only when valid. */
export const fontChosen = createAction<unknown>('text/fontChosen');
export const accountConnected = createAction('account/connected');

/** The create-a-new-file window was closed: the listing may hold a new file. */
export const createFileWindowClosed = createAction('account/createFileWindowClosed');

/** Start, success and failure of every backend request: they drive the loader (spec §4). */
export const requestStarted = createAction<{ id: number; route: RouteName }>('api/requestStarted');
export const requestSucceeded = createAction<{ id: number; route: RouteName }>('api/requestSucceeded');
export const requestFailed = createAction<{ id: number; route: RouteName; error: ErrorInfo }>('api/requestFailed');
export const requestCancelled = createAction<{ id: number; route: RouteName }>('api/requestCancelled');
