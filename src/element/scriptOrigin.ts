/** Where webpack found the element's script at run time (the entry's public path is 'auto'). */
declare const __webpack_public_path__: string;

let origin: string | undefined;

/** Our server: the origin the element's script came from (the page it runs in is the site's); looked up once. */
export const scriptOrigin = (): string => (origin ??= new URL(__webpack_public_path__, window.location.href).origin);
