/**
 * Checked by `npm run typecheck` (nothing to run): the panel's English catalogue must hold the
 * words of every setting of the registry (src/contract/userModel.ts, each setting's `label`), and
 * every other language must hold every English key (Catalogue), so a setting whose words are
 * missing does not compile.
 */
import { en, type PanelSource, type PanelSourceShape } from '../../src/i18n/panel/en';
import type { Catalogue } from '../../src/i18n/translator';
import de from '../../src/i18n/panel/de';

const { 'design.corners': _corners, ...englishWithoutCorners } = en;
// @ts-expect-error English without the words of a registry setting (design.corners) does not compile.
export const englishMissingWords: PanelSourceShape = englishWithoutCorners;
export const english: PanelSourceShape = en;

const { 'design.corners': _ecken, ...germanWithoutCorners } = de;
// @ts-expect-error A translation without the words of a registry setting does not compile either.
export const germanMissingWords: Catalogue<PanelSource> = germanWithoutCorners;
