/**
 * Entry of the local editor stage (index.html, served at / in development). `/?locale=de` plays
 * an editor in German: both frames get `locale=de`, as the platform would add.
 */
import { mountStage } from './host';

const root = document.getElementById('stage');
if (!root) throw new Error('index.html must hold an element with id "stage"');
const locale = new URLSearchParams(window.location.search).get('locale') ?? undefined;
mountStage(root, { mockBackend: process.env.STAGE_MOCK_BACKEND === 'true', locale });
