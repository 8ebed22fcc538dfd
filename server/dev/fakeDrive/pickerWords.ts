/**
 * The fake Picker's words in each of the panel's languages, as Google's Picker says them in the
 * language its page gives `PickerBuilder.setLocale` (English for any other): the fake provider's
 * Picker frame (picker.ts) and the stage's Picker page (stage/pickerWords.ts) speak them. `{name}`
 * in a label is the item's name. A missing language does not compile.
 */
import { SOURCE_LANGUAGE, spokenLanguage, type Language } from '../../../src/i18n/languages';

export interface FakePickerWords {
  title: string;
  myDrive: string;
  back: string;
  cancel: string;
  open: string;
  select: string;
  openLabel: string;
  selectLabel: string;
}

type Row = [title: string, myDrive: string, back: string, cancel: string, open: string, select: string, openLabel: string, selectLabel: string];

const ROWS: Record<Language, Row> = {
  en: ['Select a file', 'My Drive', 'Back', 'Cancel', 'Open', 'Select', 'Open {name}', 'Select {name}'],
  de: ['Datei auswählen', 'Meine Ablage', 'Zurück', 'Abbrechen', 'Öffnen', 'Auswählen', '{name} öffnen', '{name} auswählen'],
  es: ['Seleccionar un archivo', 'Mi unidad', 'Atrás', 'Cancelar', 'Abrir', 'Seleccionar', 'Abrir {name}', 'Seleccionar {name}'],
  fr: ['Sélectionner un fichier', 'Mon Drive', 'Retour', 'Annuler', 'Ouvrir', 'Sélectionner', 'Ouvrir {name}', 'Sélectionner {name}'],
  it: ['Seleziona un file', 'Il mio Drive', 'Indietro', 'Annulla', 'Apri', 'Seleziona', 'Apri {name}', 'Seleziona {name}'],
  po: ['Wybierz plik', 'Mój dysk', 'Wstecz', 'Anuluj', 'Otwórz', 'Wybierz', 'Otwórz {name}', 'Wybierz {name}'],
  pt: ['Selecionar um arquivo', 'Meu Drive', 'Voltar', 'Cancelar', 'Abrir', 'Selecionar', 'Abrir {name}', 'Selecionar {name}'],
  ru: ['Выберите файл', 'Мой диск', 'Назад', 'Отмена', 'Открыть', 'Выбрать', 'Открыть {name}', 'Выбрать {name}'],
  ja: ['ファイルを選択', 'マイドライブ', '戻る', 'キャンセル', '開く', '選択', '{name} を開く', '{name} を選択'],
  ko: ['파일 선택', '내 드라이브', '뒤로', '취소', '열기', '선택', '{name} 열기', '{name} 선택'],
  tr: ['Dosya seçin', "Drive'ım", 'Geri', 'İptal', 'Aç', 'Seç', '{name} öğesini aç', '{name} öğesini seç'],
};

/** The Picker's words in `language`. */
export function fakePickerWords(language: Language): FakePickerWords {
  const [title, myDrive, back, cancel, open, select, openLabel, selectLabel] = ROWS[language];
  return { title, myDrive, back, cancel, open, select, openLabel, selectLabel };
}

/** The Picker's language for the locale its page set (`hl`): one of the 11, else English. */
export const fakePickerLanguage = (hl: string | null): Language => spokenLanguage(hl) ?? SOURCE_LANGUAGE;
