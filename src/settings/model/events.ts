/**
 * Events more than one feature responds to. Actions are named `domain/event`; reducers decide what
 * an event means for their slice. Features import these, never each other.
 */
import { createAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import type { RouteName } from '../../api/routes';
import type { BreadcrumbEntry, DriveFile, FontValue, PublicRole, UserModel } from '../../api/schemas';
import type { SiteTextPreset } from '../../editor/EditorBridge';
import type { FontEdit } from './fontValue';
import type { ColorTarget } from './userModelEdits';

/** The model as the server holds it, with its revision (0: never saved). */
export const userModelLoaded = createAction<{ model: UserModel; revision: number }>('user/loaded');
export const folderOpened = createAction<BreadcrumbEntry>('files/folderOpened');
/** The owner chose a row of the files table: a folder opens, a file is activated. */
export const fileChosen = createAction<DriveFile>('files/fileChosen');
/** The activeFile saga reads the chosen file's permissions before it becomes active. */
export const activationStarted = createAction<{ fileId: string }>('activeFile/activationStarted');
export const activationFailed = createAction<{ fileId: string; error: ErrorInfo }>('activeFile/activationFailed');
/** A newer choice replaced this activation before its permissions were read. */
export const activationCancelled = createAction<{ fileId: string }>('activeFile/activationCancelled');
export const fileActivated = createAction<{ file: DriveFile; role: PublicRole }>('activeFile/activated');
export const publicRoleSet = createAction<{ fileId: string; role: PublicRole }>('sharing/roleSet');
/** The owner chose one of the site's text presets for the title bar (Text tab). */
export const fontPresetChosen = createAction<{ name: string; preset: SiteTextPreset }>('text/fontPresetChosen');
/** The owner changed the title bar's font by hand; `font` is the one the Text tab showed. */
export const fontEdited = createAction<{ font: FontValue; edit: FontEdit }>('text/fontEdited');
/** The owner asked for the editor's own font picker (current editor), from the font the Text tab showed. */
export const editorFontPickRequested = createAction<{ font: FontValue }>('text/editorFontPickRequested');
/** The editor's font picker answered a font (already read by the contract's font rule). */
export const editorFontPicked = createAction<FontValue>('text/editorFontPicked');
export const accountConnected = createAction('account/connected');
/** The owner opened the editor's own colour picker for one of the model's colours (current editor). */
export const editorColorPickRequested = createAction<{ target: ColorTarget; value: string }>('design/editorColorPickRequested');

/** The create-a-new-file window was closed: the listing may hold a new file. */
export const createFileWindowClosed = createAction('account/createFileWindowClosed');

/** Start, success and failure of every backend request: they drive the loader (spec §4). */
export const requestStarted = createAction<{ id: number; route: RouteName }>('api/requestStarted');
export const requestSucceeded = createAction<{ id: number; route: RouteName }>('api/requestSucceeded');
export const requestFailed = createAction<{ id: number; route: RouteName; error: ErrorInfo }>('api/requestFailed');
export const requestCancelled = createAction<{ id: number; route: RouteName }>('api/requestCancelled');
