/** Reference page: React alone, rendering one iframe (what the widget does at the least). */
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(<iframe title="Drive file" src={document.body.dataset.src ?? 'about:blank'} style={{ width: '100%', height: '100%', border: 0 }} />);
