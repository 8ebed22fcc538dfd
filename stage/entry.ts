/** Entry of the local editor stage (index.html, served at / in development). */
import { mountStage } from './host';

const root = document.getElementById('stage');
if (!root) throw new Error('index.html must hold an element with id "stage"');
mountStage(root, { mockBackend: process.env.STAGE_MOCK_BACKEND === 'true' });
