/**
 * Picker mode (src/contract/pickerChoice.ts), as the server answers it: the panel reports the file
 * its popup's Picker picked, with its own credential. A folder is refused (`picked_folder`), an
 * unknown or trashed file is `not_found`, and in browse mode the route is not the mock's
 * (`picker_off`), nor are the listings in picker mode. The mock's drive is not limited to picked
 * files (it plays no scope): what it answers for a file is what the server answers for a picked one.
 */
import * as v from 'valibot';
import type { DriveFile } from '../../src/api/schemas';
import { describeIssues, PICKED_FOLDER, PICKER_OFF } from '../../src/contract/issues';
import { pickerChoiceBodySchema } from '../../src/contract/schemas';
import { isFolderType } from '../../src/drive/rules';
import { getDrive, toApiFile } from '../drive';
import { driveDenied, forbidden, json, notFound, readJsonBody, type Context, type Reply } from '../http';

/** In picker mode the folder browser's routes answer this (null: they are the mock's). */
export const listingRefused = (ctx: Context): Reply | null => (ctx.driveAccess === 'picker' ? json(404, PICKER_OFF) : null);

export function pickerChoice(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  if (ctx.driveAccess !== 'picker') return json(404, PICKER_OFF);
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body = v.safeParse(pickerChoiceBodySchema, readJsonBody(ctx.rawBody) ?? {});
  if (!body.success) return json(400, describeIssues(body.issues, 'body'));
  const record = getDrive().byId.get(body.output.fileId);
  if (!record || record.labels.trashed) return notFound('The drive has no such file.');
  if (isFolderType(record.mimeType)) return json(400, PICKED_FOLDER);
  const { labels: _labels, parents: _parents, ...file } = toApiFile(record);
  return json(200, file satisfies DriveFile);
}
