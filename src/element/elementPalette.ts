/**
 * The colours the element draws palette references with. The platform's page carries the site's
 * theme as CSS custom properties (`--color_15`), which reach into the element's shadow root, so a
 * reference is drawn as `var(--color_15, <saved>)`: it follows a theme change at once, and where
 * the page has no such property, the colour the owner's palette had when the settings were saved.
 */
import type { UserModel } from '../contract/userModel';
import type { SiteColor } from '../editor/EditorBridge';
import { savedPalette } from '../widget/widgetStyle';

export function themePalette(model: UserModel): SiteColor[] {
  return savedPalette(model).map((color) => ({ ...color, value: `var(--${color.name}, ${color.value})` }));
}
