/** Reference page: plain DOM, rendering one iframe. */
const iframe = document.createElement('iframe');
iframe.title = 'Drive file';
iframe.src = document.body.dataset.src ?? 'about:blank';
iframe.style.cssText = 'width:100%;height:100%;border:0';
document.getElementById('root')?.appendChild(iframe);
