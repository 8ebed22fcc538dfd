export { Dialog } from './Dialog';
export { Popup } from './Popup';
export { ScrollArea } from './ScrollArea';
export * from './scrollConstants';
export { LoaderBar } from './LoaderBar';
export { VisuallyHidden } from './VisuallyHidden';
export { useInjectedStyles, tokens } from './styles';
