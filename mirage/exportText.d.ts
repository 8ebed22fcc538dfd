/** The fake drive's exports, imported as their text (webpack's asset/source; Jest's test/setup/textTransform.js). */
declare module '*.html?raw' {
  const text: string;
  export default text;
}
