import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const ko: Catalogue<WidgetSource> = {
  'widget.loading': '불러오는 중…',
  'widget.chooseFile': '설정을 열고 드라이브에서 표시할 파일을 선택하세요.',
  'widget.privateFile': '비공개 파일이라 사이트 방문자에게는 보이지 않습니다. 설정에서 공유하세요.',
  'widget.loadFailed': '파일을 불러오지 못했습니다. 연결이 복구되면 다시 표시됩니다.',
  'widget.fileTitle': '드라이브 파일',
  'widget.previousSlide': '이전 슬라이드',
  'widget.nextSlide': '다음 슬라이드',
  'widget.slidePosition': '슬라이드 {slide}/{total}',
  'widget.morePages': '{from}~{to}페이지는 드라이브에 있습니다',
  'widget.morePage': '{from}페이지는 드라이브에 있습니다',
  'widget.moreSlides': '{from}~{to}번 슬라이드는 드라이브에 있습니다',
  'widget.moreSlide': '{from}번 슬라이드는 드라이브에 있습니다',
  'widget.moreRows': '{from}~{to}행을 포함한 시트 전체는 드라이브에 있습니다',
  'widget.moreRow': '{from}행을 포함한 시트 전체는 드라이브에 있습니다',
  'widget.moreColumns': '나머지 열을 포함한 시트 전체는 드라이브에 있습니다',
};

export default ko;
