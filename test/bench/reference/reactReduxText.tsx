/**
 * Reference page for Lighthouse: React with the panel's state stack (Redux Toolkit, react-redux,
 * redux-saga, redux-persist), painting text as the panel does (a heading and a table of ten rows
 * that a saga puts in the store). A page that paints no text gets no Lighthouse score.
 */
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { Provider, useSelector } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { put } from 'redux-saga/effects';
import { persistReducer, persistStore } from 'redux-persist';
import storage from 'redux-persist/lib/storage';

const slice = createSlice({
  name: 'page',
  initialState: { rows: [] as string[] },
  reducers: { listed: (s, a: PayloadAction<string[]>) => ({ ...s, rows: a.payload }) },
});
const sagas = createSagaMiddleware();
const store = configureStore({
  reducer: persistReducer({ key: 'ref-text', storage }, slice.reducer),
  middleware: (d) => d({ serializableCheck: false }).concat(sagas),
});
persistStore(store);
sagas.run(function* start() {
  yield put(slice.actions.listed(Array.from({ length: 10 }, (_, i) => `Document ${i + 1}`)));
});
function Page() {
  const rows = useSelector((s: ReturnType<typeof store.getState>) => s.rows as string[]);
  return (
    <main>
      <h1>Files</h1>
      <table aria-label="Files">
        <thead>
          <tr>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <td>{row}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <Provider store={store}>
      <Page />
    </Provider>,
  );
