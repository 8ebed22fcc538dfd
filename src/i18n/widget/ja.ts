import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const ja: Catalogue<WidgetSource> = {
  'widget.loading': '読み込み中…',
  'widget.chooseFile': '設定を開いて、ドライブから表示するファイルを選んでください。',
  'widget.privateFile': 'このファイルは非公開のため、サイトの訪問者には表示されません。設定で共有してください。',
  'widget.loadFailed': 'ファイルを読み込めませんでした。接続が回復すると、再び表示されます。',
  'widget.fileTitle': 'ドライブのファイル',
  'widget.previousSlide': '前のスライド',
  'widget.nextSlide': '次のスライド',
  'widget.slidePosition': 'スライド {slide}/{total}',
  'widget.morePages': '{from}～{to}ページはドライブにあります',
  'widget.morePage': '{from}ページはドライブにあります',
  'widget.moreSlides': 'スライド{from}～{to}はドライブにあります',
  'widget.moreSlide': 'スライド{from}はドライブにあります',
  'widget.moreRows': '{from}～{to}行目を含むシート全体はドライブにあります',
  'widget.moreRow': '{from}行目を含むシート全体はドライブにあります',
  'widget.moreColumns': '残りの列を含むシート全体はドライブにあります',
};

export default ja;
