export { Dialog, type DialogProps } from './Dialog';
export { Popup, type PopupProps } from './Popup';
export { ScrollArea, type ScrollAreaProps } from './ScrollArea';
export { thumbGeometry, scrollTopForThumbTop, type ThumbGeometry, type ThumbGeometryInput } from './scrollGeometry';
export * from './scrollConstants';
export { LoaderBar, type LoaderBarProps } from './LoaderBar';
export { VisuallyHidden, visuallyHiddenStyle, type VisuallyHiddenProps } from './VisuallyHidden';
export { injectStyles, useInjectedStyles, tokens, cx } from './styles';
