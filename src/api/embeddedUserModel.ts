/**
 * The platform's server may render the user model into the page as a JSON template:
 * `<script type="application/json" id="user-model">{…}</script>`. Returns the raw value (checked
 * by the caller's schema), or undefined when the page has none or it is not JSON.
 */
export const USER_MODEL_ELEMENT_ID = 'user-model';

export function readEmbeddedUserModel(doc: Document): unknown {
  const element = doc.getElementById(USER_MODEL_ELEMENT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return undefined;
  const text = element.textContent?.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
