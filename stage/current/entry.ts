/** Entry of the local stage's current-editor mode (current.html). `?locale=de` plays a German editor. */
import { ELEMENT_SCRIPT_PATH } from '../../src/contract/elementAttributes';
import { mountCurrentStage } from './currentStage';

const root = document.getElementById('stage');
if (!root) throw new Error('current.html must hold an element with id "stage"');
// Against the real server (`npm run serve`) the element's script is loaded as the platform loads it,
// from the URL the app registers (the server's redirect to the hashed, immutable file); with the
// mock backend the page carries it.
if (process.env.STAGE_MOCK_BACKEND !== 'true') {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = ELEMENT_SCRIPT_PATH;
  document.head.append(script);
}
mountCurrentStage(root, { locale: new URLSearchParams(window.location.search).get('locale') ?? undefined });
