/**
 * Picker mode's routes (src/contract/pickerChoice.ts), registered by the drive's routes plugin
 * (its body parser, error handler and no-store answers):
 *   picker        the popup's page, opened with a connect ticket (and the widget's saved locale): the
 *                 Picker with the widget's short-lived access token, in that page only (oauth/pickerPage.ts).
 *   pickerChoice  the panel reports the picked file with its own credential; the file is read with
 *                 the widget's grant: a folder is refused, a file the grant does not reach is 404.
 * On a server in browse mode both answer 404 `picker_off`; in picker mode the listing routes do
 * (the panel lists nothing there), so no route lists the owner's drive.
 */
import { ROUTES } from '../../../src/api/routes';
import { PICKED_FOLDER, PICKER_OFF } from '../../../src/contract/issues';
import { spokenLanguage, type Language } from '../../../src/i18n/languages';
import { isFolderType } from '../../../src/drive/rules';
import type { DriveConnection } from '../drive/driveConnection';
import type { PickerSetup } from '../drive/driveConfig';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { callbackLanguage } from '../oauth/callbackLanguage';
import { pickerPage, pickerPagePolicy } from '../oauth/pickerPage';
import { driveSchemas } from './routeSchemas';

const OWNER = { access: 'owner', writeLimit: true } as const;

/** The Picker's setup in picker mode; else the route is not this server's. */
function pickerOf(connection: DriveConnection): PickerSetup {
  if (connection.access === 'picker' && connection.picker) return connection.picker;
  throw HttpError.of(404, PICKER_OFF);
}

/** In picker mode the folder browser's routes are not this server's. */
export function refuseListingInPickerMode(connection: DriveConnection): void {
  if (connection.access === 'picker') throw HttpError.of(404, PICKER_OFF);
}

/** The page's and the Picker's language: the widget's saved locale the panel sent, when the panel speaks it; else the browser's, else English. */
function pickerPageLanguage(locale: string | null | undefined, acceptLanguage: string | undefined): Language {
  return spokenLanguage(locale) ?? callbackLanguage(null, acceptLanguage);
}

type RoutesApp = Parameters<RoutesPlugin>[0];

export function registerPickerRoutes(app: RoutesApp, drive: () => DriveConnection): void {
  app.get(ROUTES.picker, { schema: driveSchemas.picker, config: { ...OWNER, connectTicket: true } }, async (request, reply) => {
    const connection = drive();
    const picker = pickerOf(connection);
    const { key } = request.access;
    const token = await connection.service.pickerToken(key);
    request.log.info({ instanceId: key.instanceId, compId: key.compId }, 'drive picker opened');
    return reply
      .header('Content-Security-Policy', pickerPagePolicy(picker))
      .type('text/html; charset=utf-8')
      .send(pickerPage(picker, token, pickerPageLanguage(request.query.locale, request.headers['accept-language'])));
  });

  app.post(ROUTES.pickerChoice, { schema: driveSchemas.pickerChoice, config: OWNER }, async (request) => {
    const connection = drive();
    pickerOf(connection);
    const { key } = request.access;
    const file = await connection.service.pickedFile(key, request.body.fileId);
    if (isFolderType(file.mimeType)) throw HttpError.of(400, PICKED_FOLDER);
    request.log.info({ instanceId: key.instanceId, compId: key.compId }, 'drive file picked');
    return file;
  });
}
