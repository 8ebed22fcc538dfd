/** The look of our popup pages (the OAuth callback's and the Picker's): one card on a grey page. */
export const POPUP_STYLE = `body { margin: 0; font: 14px/1.4 Arial, Helvetica, sans-serif; color: #202124; background: #f1f3f4; }
main { max-width: 420px; margin: 48px auto; padding: 28px 32px; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(60,64,67,.3); }
h1 { margin: 0 0 12px; font-size: 20px; font-weight: normal; }
button { margin-top: 16px; padding: 8px 20px; border-radius: 4px; border: 1px solid #1a73e8; background: #1a73e8; color: #fff; font: inherit; cursor: pointer; }
button:focus-visible { outline: 2px solid #174ea6; outline-offset: 2px; }`;
