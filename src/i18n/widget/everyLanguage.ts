/**
 * Every language of the widget at once, for the server, which renders the widget page in the
 * owner's language before any script runs. The browser never imports this module: it fetches the
 * one language it needs (./catalogues).
 */
import type { Language } from '../languages';
import { createTextTranslator } from '../textTranslator';
import type { Catalogue, Translator } from '../translator';
import de from './de';
import { en, type WidgetSource } from './en';
import es from './es';
import fr from './fr';
import it from './it';
import ja from './ja';
import ko from './ko';
import po from './po';
import pt from './pt';
import ru from './ru';
import tr from './tr';

const CATALOGUES: { readonly [L in Language]: Catalogue<WidgetSource> } = { en, de, es, fr, it, po, pt, ru, ja, ko, tr };

export function widgetTranslatorFor(language: Language): Translator<WidgetSource> {
  return createTextTranslator<WidgetSource>(language, CATALOGUES[language]);
}
