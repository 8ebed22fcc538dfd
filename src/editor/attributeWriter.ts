/**
 * The panel's "settings updated" in the current editor: the live preview's model (`{type:
 * 'preview', model}`) becomes the element's attributes (the contract's elementAttributesOf), and
 * only the attributes that changed are written. Other messages (saved, permission, disconnected)
 * change nothing the element draws: their model arrives as a preview too.
 */
import { elementAttributesOf } from '../contract/elementAttributes';
import { isRecord } from '../contract/record';
import { readUserModel } from '../contract/userModel';

export interface AttributeWriter {
  write(message: unknown): void;
}

export function createAttributeWriter(setProp: (name: string, value: string) => Promise<void>): AttributeWriter {
  const written = new Map<string, string>();
  return {
    write(message) {
      if (!isRecord(message) || message.type !== 'preview' || !isRecord(message.model)) return;
      for (const [name, value] of Object.entries(elementAttributesOf(readUserModel(message.model).model))) {
        if (written.get(name) === value) continue;
        written.set(name, value);
        setProp(name, value).catch((error: unknown) => {
          written.delete(name);
          console.warn(`Editor bridge: the widget's ${name} could not be written (${error instanceof Error ? error.message : String(error)}).`);
        });
      }
    },
  };
}
