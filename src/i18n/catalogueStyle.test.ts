/**
 * Every catalogue against the style sheet beside it (STYLE.md): no English left in a translation
 * but the names and shared words listed here; each language's address, terms and typography.
 * A rule names what it forbids; a hit lists the key and the text, so the fix is plain.
 *
 * @jest-environment node
 */
import type { CatalogueLoaders } from './catalogueSet';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from './languages';
import { panelLoaders } from './panel/catalogues';
import { en as panelEnglish } from './panel/en';
import type { Message, Source } from './translator';
import { widgetLoaders } from './widget/catalogues';
import { en as widgetEnglish } from './widget/en';

type Translated = Exclude<Language, typeof SOURCE_LANGUAGE>;
const TRANSLATED = LANGUAGES.filter((l): l is Translated => l !== SOURCE_LANGUAGE);
type Texts = Readonly<Record<string, string>>;

/**
 * Words a translation may share with the English text of the same key: Google's and the
 * product's names, then words that are the language's own (loanwords or the same spelling).
 */
const SHARED_WORDS: Readonly<Record<string, readonly Translated[]>> = {
  drive: TRANSLATED,
  drives: ['pt'], // Google's own “Drives compartilhados”
  google: TRANSLATED,
  pdf: TRANSLATED,
  widget: TRANSLATED,
  design: ['de', 'fr', 'it', 'pt'],
  editor: ['de', 'es', 'it', 'pt'],
  server: ['de', 'it'],
  browser: ['de', 'it'],
  computer: ['de', 'it'],
  pop: ['de', 'fr', 'it', 'pt'], // pop-up(s)
  ups: ['de', 'pt'],
  panel: ['es', 'po', 'tr'],
  audio: ['es', 'fr', 'it', 'po'],
  video: ['it', 'tr'],
  menu: ['fr', 'it', 'po', 'pt'],
  site: ['fr', 'pt', 'tr'],
  hex: ['de', 'ru'],
  code: ['de', 'fr'],
  moment: ['de', 'fr'],
  name: ['de'],
  private: ['de'],
  radius: ['de'],
  tab: ['de'],
  text: ['de'],
  error: ['es'],
  document: ['fr'],
  documents: ['fr'],
  image: ['fr'],
  images: ['fr'],
  page: ['fr'],
  pages: ['fr'],
  pixels: ['fr', 'pt'],
  slide: ['pt'], // Google Slides' own word in Brazilian Portuguese
  slides: ['pt'],
  session: ['fr'],
  style: ['fr'],
  account: ['it'],
  file: ['it'],
  font: ['it'],
  folder: ['po'],
  item: ['pt'],
  form: ['tr'],
};

/** Words of three letters or more (placeholders left out). */
const wordsOf = (text: string): string[] => (text.replace(/\{\w+\}/g, ' ').match(/\p{L}{3,}/gu) ?? []).map((w) => w.toLowerCase());
const textsOf = (message: Message | undefined): string[] => (message === undefined ? [] : typeof message === 'string' ? [message] : Object.values(message));

/** A catalogue's texts by key; a plural message's forms as `key#form`. */
function flatten(catalogue: Readonly<Record<string, Message>>): Texts {
  return Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, message]) =>
      typeof message === 'string' ? [[key, message]] : Object.entries(message).map(([form, text]) => [`${key}#${form}`, text]),
    ),
  );
}

interface Rule {
  /** What the style sheet asks for, said when the rule is broken. */
  readonly says: string;
  readonly forbids: RegExp;
  /** Only texts whose key matches (all keys when absent). */
  readonly keys?: RegExp;
  /** Keys allowed to match, with the reason in a comment. */
  readonly except?: readonly string[];
}

/** Latin-script catalogues name the product "Drive", never a lower-case "drive". */
const PRODUCT_NAME: Rule = { says: 'the product is “Drive”, capitalised', forbids: /(?<!\p{L})drive(?!\p{L})/u };
/** Progress texts end with the ellipsis character. */
const ELLIPSIS: Rule = { says: 'an ellipsis is “…”, one character', forbids: /\.\.\./ };

const RULES: Readonly<Record<Translated, readonly Rule[]>> = {
  de: [
    { says: 'German says “du”, as the platform does', forbids: /(?<!\p{L})(Sie|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen)(?!\p{L})/u },
    { says: 'the drive’s viewer is the “Drive-Vorschau”, never a “Laufwerk” or a “Viewer”', forbids: /Laufwerk|Viewer/ },
    { says: 'German quotes „…“', forbids: /[”"«»]|^[^„]*“/ },
    PRODUCT_NAME,
    ELLIPSIS,
  ],
  es: [
    {
      says: 'Spanish says “tú” throughout',
      forbids:
        /(?<!\p{L})(usted|ustedes|su sitio|sus cambios|Elija|Seleccione|Conecte|Cierre|Vuelva|Permita|Abra|Escriba|Intente|Pulse|Haga|Comparta)(?!\p{L})/u,
    },
    { says: 'the product is “Drive”: “unidad” only in Google’s own “Mi unidad”', forbids: /unidad/, except: ['files.root'] },
    { says: 'Spanish quotes «…»', forbids: /[“”"]/ },
    PRODUCT_NAME,
    ELLIPSIS,
  ],
  fr: [
    { says: 'a non-breaking space (U+00A0 or U+202F) before : ; ! ? » %', forbids: /(?<![\u00a0\u202f])[:;!?»%]/ },
    { says: 'a non-breaking space after «', forbids: /«(?![\u00a0\u202f])/ },
    { says: 'French quotes «\u00a0…\u00a0»', forbids: /[“”"]/ },
    PRODUCT_NAME,
    ELLIPSIS,
  ],
  it: [
    { says: '“Heading” is a heading, “Titolo”, not a page header', forbids: /Intestazione/ },
    { says: 'Italian quotes «…»', forbids: /[“”"]/ },
    PRODUCT_NAME,
    ELLIPSIS,
  ],
  po: [
    {
      says: 'the drive’s viewer is the “podgląd Dysku”; a “przeglądarka” is a web browser',
      forbids: /przeglądar/,
      keys: /viewer|display|unrenderable|languageHint/i,
    },
    { says: 'Polish quotes „…”', forbids: /[“"«»]/ },
    ELLIPSIS,
  ],
  pt: [
    { says: '“Heading” is a heading, “Título”, not a page header', forbids: /Cabeçalho/ },
    { says: 'a button’s name is quoted or rephrased, never bare in a sentence', forbids: /(?<!^)(?<!“)Conectar/ },
    { says: 'Portuguese quotes “…”', forbids: /[«»"]/ },
    PRODUCT_NAME,
    ELLIPSIS,
  ],
  ru: [
    { says: 'the drive’s viewer is the “окно просмотра Диска”, not the slang “просмотрщик”', forbids: /просмотрщик/i },
    {
      says: 'a progress text is a noun (“Загрузка…”), not a “we” verb',
      forbids: /(?<!\p{L})(Ждём|Ждем|Отключаем|Загружаем|Выбираем|Меняем|Сохраняем|Повторяем|повторяем|Получаем|Обновляем)(?!\p{L})/u,
    },
    { says: 'Russian quotes «…»', forbids: /[“”"„]/ },
    ELLIPSIS,
  ],
  ja: [
    { says: 'full-width brackets and punctuation（）！？：', forbids: /[()!?:[\]]/ },
    {
      says: 'katakana keep their long vowel (フォルダー, ビューアー, ブラウザー, エディター…)',
      forbids: /(フォルダ|ビューア|ブラウザ|エディタ|コンピュータ|サーバ|プロバイダ|ユーザ)(?!ー)/,
    },
    { says: 'signing in is “ログイン”', forbids: /サインイン/ },
    { says: 'no half-width space after 。 and no em dash', forbids: /。 |—/ },
    { says: 'Japanese quotes 「…」', forbids: /[“”"‘’]/ },
    ELLIPSIS,
  ],
  ko: [
    { says: '“Heading” is a heading, “제목”, not a page header (머리글)', forbids: /머리글/ },
    { says: 'the editor is “에디터”, as the platform says', forbids: /편집기/ },
    { says: '“변경 사항” is two words', forbids: /변경사항/ },
    { says: 'Korean ends its sentences with “.”, never 。', forbids: /。/ },
    { says: 'Korean quotes ‘…’', forbids: /[“”"]/ },
    ELLIPSIS,
  ],
  tr: [
    { says: 'the apostrophe before a suffix is ’ (U+2019)', forbids: /'/ },
    { says: 'a document is a “doküman”, as Google says', forbids: /(?<!\p{L})[Bb]elge/u },
    { says: 'Turkish quotes “…”', forbids: /[«»"]/ },
    PRODUCT_NAME,
    ELLIPSIS,
  ],
};

/** Per language: what the style sheet names “Heading” and the drive's viewer. */
const TERMS: Readonly<Record<Translated, { heading: string; viewer: RegExp }>> = {
  de: { heading: 'Überschrift', viewer: /Drive-Vorschau/ },
  es: { heading: 'Título', viewer: /visor de Drive/ },
  fr: { heading: 'Titre', viewer: /visionneuse de Drive/ },
  it: { heading: 'Titolo', viewer: /visualizzatore di Drive/ },
  po: { heading: 'Nagłówek', viewer: /podgląd\p{L}* Dysku/u },
  pt: { heading: 'Título', viewer: /visualizador do Drive/ },
  ru: { heading: 'Заголовок', viewer: /окн\p{L}* просмотра Диска/u },
  ja: { heading: '見出し', viewer: /ドライブのビューアー/ },
  ko: { heading: '제목', viewer: /드라이브 뷰어/ },
  tr: { heading: 'Başlık', viewer: /Drive görüntüleyicisi/ },
};

async function catalogueOf<S extends Source>(loaders: CatalogueLoaders<S>, language: Translated): Promise<Texts> {
  return flatten((await loaders[language]()).default as Readonly<Record<string, Message>>);
}

/** The panel's and the widget's texts of a language, keys prefixed by catalogue. */
async function allTexts(language: Translated): Promise<Texts> {
  const panel = await catalogueOf(panelLoaders as CatalogueLoaders<Source>, language);
  const widget = await catalogueOf(widgetLoaders as CatalogueLoaders<Source>, language);
  return { ...panel, ...widget };
}

const ENGLISH: Readonly<Record<string, Message>> = { ...panelEnglish, ...widgetEnglish };

describe.each(TRANSLATED)('%s', (language) => {
  let texts: Texts;
  beforeAll(async () => {
    texts = await allTexts(language);
  });

  it('shows no English word but names and the listed shared words', () => {
    const english = Object.entries(texts).flatMap(([key, text]) => {
      const source = new Set(textsOf(ENGLISH[key.split('#')[0]!]).flatMap(wordsOf));
      const left = wordsOf(text).filter((word) => source.has(word) && !SHARED_WORDS[word]?.includes(language));
      return left.length ? [`${key}: ${left.join(', ')} in “${text}”`] : [];
    });
    expect(english).toEqual([]);
  });

  it('follows its style sheet: address, terms, punctuation', () => {
    const broken = RULES[language].flatMap((rule) =>
      Object.entries(texts)
        .filter(([key]) => (!rule.keys || rule.keys.test(key)) && !rule.except?.includes(key))
        .filter(([, text]) => rule.forbids.test(text))
        .map(([key, text]) => `${rule.says} — ${key}: ${text}`),
    );
    expect(broken).toEqual([]);
  });

  it('names “Heading” and the drive’s viewer with its chosen terms', () => {
    const headings = Object.entries(texts).filter(([key]) => key.startsWith('text.preset.Heading-'));
    expect(headings.filter(([, text]) => !text.startsWith(`${TERMS[language].heading} `))).toEqual([]);
    const viewer = ['design.displayViewer', 'design.displayHint', 'error.reason.unrenderable'];
    expect(viewer.filter((key) => !TERMS[language].viewer.test(texts[key]!))).toEqual([]);
  });

  it('quotes the Design tab’s option and the tabs by the names they show', () => {
    const unrenderable = texts['error.reason.unrenderable']!;
    expect(unrenderable).toContain(texts['design.displayViewer']);
    expect(unrenderable).toContain(texts['tabs.design']);
    expect(texts['design.titleBarHint']).toContain(texts['tabs.text']);
  });
});
