/** Entry of the local stage's current-editor mode (current.html). `?locale=de` plays a German editor. */
import { mountCurrentStage } from './currentStage';

const root = document.getElementById('stage');
if (!root) throw new Error('current.html must hold an element with id "stage"');
mountCurrentStage(root, { locale: new URLSearchParams(window.location.search).get('locale') ?? undefined });
